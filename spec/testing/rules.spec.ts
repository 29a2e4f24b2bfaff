import { lastValueFrom, map } from 'rxjs';
import { ConnectionClosedError, RpcError, SchemaError, createClient, type Client } from '../../src/index.js';
import { createTestingController, toolResult, type TestingController } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { leave } from '../helpers/leave-pending.js';

// Requests these specs leave pending on purpose must not time out 60 s later, in whatever spec runs then.
const UNTIMED = { timeout: false } as const;

function setup(): { server: TestingController; client: Client } {
  const server = createTestingController({ revision: '2025-11-25' });
  return { server, client: createClient(server.transport, UNTIMED) };
}

const names = (result: { content: readonly unknown[] }) => (result.content[0] as { text: string }).text;

describe('TestingController.whenRequest', () => {
  it('answers every matching request; the newest matching rule wins', async () => {
    const { server, client } = setup();
    server.whenRequest('tools/call').respond(toolResult('general'));
    server.whenRequest('tools/call', { name: 'special' }).respond((request) => toolResult(`special ${String(request.id)}`));
    expect(names(await lastValueFrom(client.callTool('x')))).toBe('general');
    expect(names(await lastValueFrom(client.callTool('special')))).toBe('special 3');
    expect(names(await lastValueFrom(client.callTool('special')))).toBe('special 4');
    server.verify();
  });

  it('also takes matching requests that were already pending, oldest first', () => {
    const { server, client } = setup();
    const seen: string[] = [];
    client.callTool('one').subscribe((r) => seen.push(names(r)));
    client.callTool('two').subscribe((r) => seen.push(names(r)));
    const rule = server.whenRequest('tools/call').respond((request) => toolResult(String(request.params['name'])));
    expect(seen).toEqual(['one', 'two']);
    expect(rule.requests.map((r) => r.id)).toEqual([2, 3]);
  });

  it('answers after delayMs in virtual time, and not at all when the client cancelled meanwhile', () => {
    createTestScheduler().run(({ expectObservable, flush }) => {
      const { server, client } = setup();
      server.whenRequest('tools/call').respond(toolResult('late'), { delayMs: 30 });
      expectObservable(client.callTool('t').pipe(map(names))).toBe('30ms (r|)', { r: 'late' });
      expectObservable(client.callTool('u').pipe(map(names)), '^ 10ms !').toBe('');
      flush();
      server.expectCancelled(3);
      server.verify();
    });
  });

  it('with times, answers that many requests and makes verify() require exactly them', () => {
    const { server, client } = setup();
    server.whenRequest('tools/call').error(-32000, 'busy');
    server.whenRequest('tools/call', undefined, { times: 1 }).respond(toolResult('once'));
    const outcomes: string[] = [];
    for (let i = 0; i < 2; i++) client.callTool('t').subscribe({ next: (r) => outcomes.push(names(r)), error: (e: RpcError) => outcomes.push(e.message) });
    expect(outcomes).toEqual(['once', 'busy']);
    server.verify();
  });

  it('checks a fixed result against the revision where the rule is written', () => {
    const { server } = setup();
    expect(() => server.whenRequest('tools/list').respond({ tool: [] })).toThrowError(SchemaError, /tools\/list result for 2025-11-25 does not match the schema/);
    const old = createTestingController({ revision: '2024-11-05' });
    expect(() => old.whenRequest('tools/call').respond({ content: [{ type: 'audio', data: 'AA', mimeType: 'audio/wav' }] })).toThrowError(SchemaError);
  });

  it('reports a script that throws on verify(), and answers the client -32603 so it does not hang', async () => {
    const { server, client } = setup();
    server.whenRequest('tools/call').handle(() => {
      throw new Error('bug in the test');
    });
    await expectAsync(lastValueFrom(client.callTool('t'))).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -32603 }));
    expect(() => server.verify()).toThrowError(/whenRequest\(tools\/call\) failed on tools\/call #2 \{"name":"t"\}: bug in the test/);
  });

  it('drops the connection when a matching request arrives; the next call reconnects and negotiates again', async () => {
    const { server, client } = setup();
    server.whenRequest('tools/call').respond(toolResult('fine'));
    server.whenRequest('tools/call', { name: 'crash' }).drop();
    await expectAsync(lastValueFrom(client.callTool('crash'))).toBeRejectedWith(jasmine.any(ConnectionClosedError));
    expect(names(await lastValueFrom(client.callTool('ok')))).toBe('fine');
    expect(server.connections).toBe(2);
    server.verify();
  });

  it('stops taking requests once removed', () => {
    const { server, client } = setup();
    server.whenRequest('tools/call').respond(toolResult('a')).remove();
    leave(client.callTool('t'));
    expect(server.expectRequest('tools/call').params).toEqual({ name: 't' });
  });
});
