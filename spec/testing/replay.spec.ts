import { lastValueFrom, map, timer } from 'rxjs';
import { createClient, RpcError } from '../../src/index.js';
import { recordFrames } from '../../src/session/index.js';
import { createTestingController, ExpectationFailedError, RecordingMismatchError, replayController, TestScriptError, text, tool, toolResult } from '../../src/testing/index.js';
import type { ProtocolVersion } from '../../src/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

/** A session with a scripted server, recorded in virtual time: list the tools, call `add` twice, with 30 ms and 50 ms answers. */
function recordScripted(revision: ProtocolVersion): string[] {
  const lines: string[] = [];
  createTestScheduler().run(({ flush }) => {
    const server = createTestingController({ revision, serverInfo: { name: 'adder', version: '2.0.0' } });
    server.whenRequest('tools/list').respond({ tools: [tool('add')] });
    server.whenRequest('tools/call', { name: 'add', arguments: { a: 1, b: 2 } }).respond(toolResult('3'), { delayMs: 30 });
    server.whenRequest('tools/call', { name: 'add', arguments: { a: 2, b: 2 } }).error(-32000, 'overflow', { limit: 3 }, { delayMs: 50 });
    const client = createClient(recordFrames((line) => lines.push(line))(server.transport));
    client.listTools().subscribe();
    client.callTool('add', { a: 1, b: 2 }).subscribe();
    client.callTool('add', { a: 2, b: 2 }).subscribe({ error: () => undefined });
    flush();
    client.close();
  });
  return lines;
}

describe('replayController', () => {
  for (const revision of ['2025-11-25', '2026-07-28'] as const) {
    it(`plays the recorded server of ${revision}: its identity, its answers under the live ids, after the recorded delays`, () => {
      const recording = recordScripted(revision).join('');
      createTestScheduler().run(({ expectObservable, flush }) => {
        const server = replayController(recording);
        expect([server.revision, server.era]).toEqual([revision, revision === '2025-11-25' ? 'legacy' : 'modern']);
        const client = createClient(server.transport);
        expectObservable(client.callTool('add', { a: 1, b: 2 }).pipe(map((result) => result.content))).toBe('30ms (r|)', { r: [text('3')] });
        expectObservable(client.callTool('add', { a: 2, b: 2 })).toBe('50ms #', undefined, new RpcError(-32000, 'overflow', { data: { limit: 3 } }));
        flush();
        expect(server.requests.map((request) => request.id)).not.toEqual([]);
        server.verify();
        client.close();
      });
    });
  }

  it('answers a request the recording lacks with an error naming what it has, and verify() fails with it', async () => {
    const server = replayController(recordScripted('2025-11-25'), { delays: false });
    const client = createClient(server.transport);
    const expected = 'The recording has no tools/call with {"name":"add","arguments":{"a":9,"b":9}}: it has tools/call with {"name":"add","arguments":{"a":1,"b":2}} or {"name":"add","arguments":{"a":2,"b":2}}';
    await expectAsync(lastValueFrom(client.callTool('add', { a: 9, b: 9 }))).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -32603, message: expected }));
    await expectAsync(lastValueFrom(client.listPrompts())).toBeRejected();
    expect(server.mismatches.map((mismatch) => mismatch instanceof RecordingMismatchError && mismatch.method)).toEqual(['tools/call', 'prompts/list']);
    expect(server.mismatches[1]?.message).toBe('The recording has no prompts/list with {}: it has no prompts/list at all');
    expect(() => server.verify()).toThrowError(ExpectationFailedError, /The replay found 2 problem\(s\)/);
    client.close();
  });

  it('gives equal requests the recorded answers in turn and repeats the last; a rule of the test still wins', async () => {
    const server = replayController(recordScripted('2026-07-28'), { delays: false });
    server.whenRequest('tools/call', { arguments: { a: 2, b: 2 } }).respond(toolResult('4'));
    const client = createClient(server.transport);
    const add = (a: number) => lastValueFrom(client.callTool('add', { a, b: 2 }).pipe(map((result) => result.content)));
    expect([await add(1), await add(1), await add(2)]).toEqual([[text('3')], [text('3')], [text('4')]]);
    server.verify();
    client.close();
  });

  it('refuses text that is not a recording, and a recording without a negotiation', () => {
    expect(() => replayController('{"t":0}\n')).toThrowError(TestScriptError, /starts with its header/);
    expect(() => replayController('not json')).toThrowError(TestScriptError, /Line 1 of the recording is not JSON/);
    expect(() => replayController([{ format: 'rxmcp-recording', version: 1, transport: 'stdio', startedAt: '' }])).toThrowError(TestScriptError, /has no negotiation/);
  });
});

describe('replayController, a recording of one-request exchanges', () => {
  it("plays the notifications a request's own stream carried at their recorded times, before the answer", () => {
    const lines: string[] = [];
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController({ revision: '2026-07-28', transport: 'per-request' });
      server.whenRequest('tools/call').handle((call) => {
        timer(10).subscribe(() => call.notify('notifications/message', { level: 'info', data: 'working' }));
        timer(20).subscribe(() => call.respond(toolResult('done')));
      });
      const client = createClient(recordFrames((line) => lines.push(line))(server.transport), { logLevel: 'info' });
      client.callTool('work', {}).subscribe();
      flush();
      client.close();
    });
    createTestScheduler().run(({ expectObservable }) => {
      const server = replayController(lines);
      const client = createClient(server.transport, { logLevel: 'info' });
      expectObservable(client.notifications.logs$().pipe(map((log) => log.data)), '^ 30ms !').toBe('10ms w', { w: 'working' });
      expectObservable(client.callTool('work', {}).pipe(map((result) => result.content))).toBe('20ms (r|)', { r: [text('done')] });
    });
  });
});
