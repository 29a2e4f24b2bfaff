import { lastValueFrom, map } from 'rxjs';
import { createClient, type ClientHandlers } from '../../src/index.js';
import {
  TestScriptError, createTestingController, elicitForm, listRoots, sampleMessage, text, tool, toolResult, type TestRequest,
} from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { recording } from '../helpers/recording-transport.js';
import { leave } from '../helpers/leave-pending.js';

const handlers: ClientHandlers = {
  elicitation: (params) => ({ action: 'accept', content: { answer: params.message.length } }),
  roots: () => ({ roots: [{ uri: 'file:///work' }] }),
};

describe('TestRequest.respond', () => {
  it('2026-07-28: adds resultType and the cache hints the revision requires (60 s, public, by default)', () => {
    const server = createTestingController();
    const wire = recording(server.transport);
    leave(createClient(wire.transport).listTools());
    server.expectRequest('tools/list').respond({ tools: [tool('a')] });
    expect(wire.received.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [{ name: 'a', inputSchema: { type: 'object' } }] } });
  });

  it('legacy: leaves out what the revision does not define (2026 fields, icons and outputSchema before their revisions)', () => {
    const server = createTestingController({ revision: '2025-03-26' });
    const wire = recording(server.transport);
    leave(createClient(wire.transport).listTools());
    const fancy = tool('a', { title: 'A', icons: [{ src: 'https://x/a.png' }], outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
    server.expectRequest('tools/list').respond({ tools: [fancy], resultType: 'complete', ttlMs: 5 });
    expect(wire.received.at(-1)).toEqual({ jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'a', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] } });
  });

  it('refuses a second answer, and an answer after the connection closed', () => {
    const server = createTestingController();
    const client = createClient(server.transport);
    client.callTool('t').subscribe({ error: () => undefined });
    const call = server.expectRequest('tools/call');
    call.respond(toolResult('one'));
    expect(() => call.error(-32000, 'two')).toThrowError(TestScriptError, /it was already answered \(result\)/);
    client.callTool('u').subscribe({ error: () => undefined });
    const next = server.expectRequest('tools/call');
    server.drop();
    expect(next.open).toBeFalse();
    expect(() => next.respond(toolResult('late'))).toThrowError(TestScriptError, /connection 1 it came on is closed/);
  });
});

describe('TestRequest.progress and notify', () => {
  it('sends progress on the request, which the client sees as events, in virtual time', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      const events = createClient(server.transport).callToolEvents('build').pipe(map((e) => (e.type === 'progress' ? e.progress : 'done')));
      expectObservable(events).toBe('-12(d|)', { 1: 1, 2: 2, d: 'done' });
      let call: TestRequest | undefined;
      cold('-a').subscribe(() => (call = server.expectRequest('tools/call')).progress(1, 2));
      cold('--a').subscribe(() => call?.progress(2, 2));
      cold('---a').subscribe(() => call?.respond(toolResult('built')));
    });
  });

  it('refuses progress the client did not ask for, or that does not grow', () => {
    const server = createTestingController();
    const client = createClient(server.transport);
    leave(client.callTool('plain'));
    expect(() => server.expectRequest('tools/call').progress(1)).toThrowError(TestScriptError, /carries no progressToken/);
    leave(client.callToolEvents('events'));
    const call = server.expectRequest('tools/call', { name: 'events' });
    call.progress(2, 5, 'two');
    expect(() => call.progress(2)).toThrowError(TestScriptError, 'Progress of tools/call #2 {"name":"events"} must grow: 2 after 2');
  });

  it('sends request-scoped notifications, checked against the revision and the capabilities', () => {
    const server = createTestingController();
    const client = createClient(server.transport, { logLevel: 'info' });
    const seen: unknown[] = [];
    client.notifications.logs$().subscribe((entry) => seen.push(entry.data));
    leave(client.callTool('t'));
    const call = server.expectRequest('tools/call');
    call.notify('notifications/message', { level: 'info', data: 'working' });
    expect(seen).toEqual(['working']);
    expect(() => call.notify('notifications/elicitation/complete', { elicitationId: 'e' })).toThrowError(TestScriptError, /not a notification a server sends in MCP 2026-07-28/);
    const quiet = createTestingController({ capabilities: { tools: {} } });
    leave(createClient(quiet.transport).callTool('t'));
    expect(() => quiet.expectRequest('tools/call').notify('notifications/message', { level: 'info', data: 'x' })).toThrowError(TestScriptError, /needs the server capability logging/);
  });
});

describe('TestRequest.inputRequired (2026-07-28)', () => {
  it('answers input_required; the retry is a new request the test expects like any other', async () => {
    const server = createTestingController();
    const answer = lastValueFrom(createClient(server.transport, { handlers }).callTool('book'));
    server.expectRequest('tools/call').inputRequired({ who: elicitForm('Who?', { name: { type: 'string' } }) }, 'state-1');
    const retry = server.expectRequest('tools/call', { requestState: 'state-1' });
    expect(retry.params['inputResponses']).toEqual({ who: { action: 'accept', content: { answer: 4 } } });
    retry.respond(toolResult('booked'));
    expect((await answer).content).toEqual([text('booked')]);
    server.verify();
  });

  it('is refused on legacy revisions and for methods that cannot require input', () => {
    const legacy = createTestingController({ revision: '2025-11-25' });
    leave(createClient(legacy.transport).callTool('t'));
    expect(() => legacy.expectRequest('tools/call').inputRequired({ r: listRoots() })).toThrowError(TestScriptError, /exist only in MCP 2026-07-28/);
    const modern = createTestingController();
    leave(createClient(modern.transport).listTools());
    expect(() => modern.expectRequest('tools/list').inputRequired({ r: listRoots() })).toThrowError(TestScriptError, /tools\/list cannot answer input_required/);
  });
});

describe('TestRequest.ask', () => {
  for (const revision of ['2025-11-25', '2026-07-28'] as const) {
    it(`puts the questions the way ${revision} does and follows the answer to the same request`, async () => {
      const server = createTestingController({ revision });
      const answer = lastValueFrom(createClient(server.transport, { handlers }).callTool('book'));
      const call = server.expectRequest('tools/call');
      const answers = await lastValueFrom(call.ask({ who: elicitForm('Who?', { name: { type: 'string' } }), where: listRoots() }));
      expect(answers).toEqual({ who: { action: 'accept', content: { answer: 4 } }, where: { roots: [{ uri: 'file:///work' }] } });
      expect(call.round).toBe(revision === '2026-07-28' ? 2 : 1);
      call.respond(toolResult('booked'));
      expect((await answer).content).toEqual([text('booked')]);
      server.verify();
    });
  }

  it('errors when the client did not declare what a question needs, and sends nothing', async () => {
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      const server = createTestingController({ revision });
      leave(createClient(server.transport, { handlers }).callTool('t'));
      const call = server.expectRequest('tools/call');
      await expectAsync(lastValueFrom(call.ask({ s: sampleMessage('Summarise') }))).toBeRejectedWithError(TestScriptError, /did not declare the sampling capability/);
      expect(call.open).toBeTrue();
    }
  });

  it('verify() reports a 2026-07-28 ask the client never retried', () => {
    const server = createTestingController();
    const client = createClient(server.transport, { handlers: { elicitation: () => new Promise(() => undefined) } });
    leave(client.callTool('t'));
    leave(server.expectRequest('tools/call').ask({ q: elicitForm('Sure?', {}) }));
    expect(() => server.verify()).toThrowError(/asked the client for input \(input_required\) and the client never retried/);
  });
});

describe('TestingControllerOptions.cacheHints', () => {
  it('sends the hints given, or ttlMs 0 with false', () => {
    for (const [cacheHints, expected] of [[{ ttlMs: 5, cacheScope: 'private' as const }, { ttlMs: 5, cacheScope: 'private' }], [false as const, { ttlMs: 0, cacheScope: 'public' }]] as const) {
      const server = createTestingController({ cacheHints });
      const wire = recording(server.transport);
      leave(createClient(wire.transport).listTools());
      server.expectRequest('tools/list').respond({ tools: [] });
      expect(wire.received.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', ...expected, tools: [] } });
    }
  });
});
