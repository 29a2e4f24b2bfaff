import { NEVER, Observable, map, of } from 'rxjs';
import {
  HumanWaitTimeoutError, OutcomeUnknownError, RequestTimeoutError, createClient, type Diagnostic, type ElicitResult,
} from '../../src/index.js';
import { createTestingController, elicitForm, marbleTransport, res, serveTools, tool, toolResult } from '../../src/testing/index.js';
import { discoverResult } from '../helpers/mcp-fixtures.js';
import { createTestScheduler } from '../helpers/marbles.js';

const neverAnswered = (): Observable<ElicitResult> => NEVER;

describe('A wait on a person', () => {
  it('2026-07-28: stands still nothing but its own call: an unrelated call times out on time while a dialog stays open', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      server.whenRequest('tools/call', { name: 'ask' }).handle((call) => call.inputRequired({ q: elicitForm('Go?', {}) }));
      server.whenRequest('tools/call', { name: 'other' }).never();
      const client = createClient(server.transport, { handlers: { elicitation: neverAnswered }, humanWaitMs: false });
      expectObservable(client.callTool('ask', {}, { timeout: { firstMs: 1000 } }), '^ 5s !').toBe('');
      expectObservable(client.callTool('other', {}, { timeout: { firstMs: 3000 } })).toBe('3000ms #', undefined, new RequestTimeoutError('tools/call', 'first', 3000));
    });
  });

  it('gives up past humanWaitMs: the handler signal aborts and the call fails with HumanWaitTimeoutError', () => {
    createTestScheduler().run(({ expectObservable, flush }) => {
      const server = createTestingController({ revision: '2026-07-28' });
      server.whenRequest('tools/call').handle((call) => call.inputRequired({ q: elicitForm('Go?', {}) }));
      let signal: AbortSignal | undefined;
      const elicitation = (_params: unknown, context: { signal: AbortSignal }) => {
        signal = context.signal;
        return NEVER;
      };
      const client = createClient(server.transport, { handlers: { elicitation }, humanWaitMs: 2000 });
      expectObservable(client.callTool('ask')).toBe('2000ms #', undefined, new HumanWaitTimeoutError('elicitation/create', 2000));
      flush();
      expect(signal?.aborted).toBeTrue();
    });
  });

  it('legacy over Streamable HTTP: stands still only the call whose response stream carried the server request', () => {
    createTestScheduler().run(({ expectObservable, cold }) => {
      const hotCheck = (check: () => void) => cold('5s x').subscribe(check);
      const server = createTestingController({ revision: '2025-11-25', transport: 'per-request' });
      server.whenRequest('tools/call', { name: 'ask' }).handle((call) => void call.ask({ q: elicitForm('Go?', {}) }).subscribe());
      server.whenRequest('tools/call', { name: 'other' }).never();
      const client = createClient(server.transport, { handlers: { elicitation: neverAnswered }, humanWaitMs: false });
      const seen: Diagnostic[] = [];
      client.diagnostics$.subscribe((d) => seen.push(d));
      expectObservable(client.callTool('ask', {}, { timeout: { firstMs: 1000 } }), '^ 5s !').toBe('');
      expectObservable(client.callTool('other', {}, { timeout: { firstMs: 3000 } })).toBe('3000ms #', undefined, new RequestTimeoutError('tools/call', 'first', 3000));
      hotCheck(() => expect(seen.filter((x) => x.kind === 'global-pause')).toEqual([]));
    });
  });

  it('legacy over stdio, with nothing to say which call it is for: stands every clock still, and says so on diagnostics$', () => {
    createTestScheduler().run(({ expectObservable, cold }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      server.whenRequest('tools/call').never();
      const client = createClient(server.transport, { handlers: { elicitation: neverAnswered }, humanWaitMs: false });
      const kinds: string[] = [];
      client.diagnostics$.subscribe((d) => kinds.push(d.kind));
      expectObservable(client.callTool('slow', {}, { timeout: { firstMs: 3000 } }), '^ 5s !').toBe('');
      cold('1s x').subscribe(() => server.request('elicitation/create', elicitForm('Go?', {}).params as never).subscribe({ error: () => undefined }));
      cold('2s x').subscribe(() => expect(kinds).toEqual(['global-pause']));
    });
  });
});

describe('Re-issuing a 2026-07-28 request whose response stream broke', () => {
  const discover = res(0, discoverResult({ tools: {} }));
  function brokenOnce(method: string, answer = discover) {
    let attempts = 0;
    return marbleTransport(NEVER, {
      exchange: (frame) => {
        const message = frame.message as { id: number; method: string };
        if (message.method === 'server/discover') return of(answer);
        if (message.method === method && attempts++ === 0) return of();
        return of(res(message.id, method === 'tools/list' ? { tools: [tool('t')], ttlMs: 0, cacheScope: 'public' } : toolResult('done')));
      },
    });
  }

  it("re-issues every request by default ('always'), a tool call included", () => {
    createTestScheduler().run(({ expectObservable }) => {
      const client = createClient(brokenOnce('tools/call').transport);
      expectObservable(client.callTool('write').pipe(map((r) => r.content.length))).toBe('(n|)', { n: 1 });
    });
  });

  it("with reissue: 'safe-only', fails a tool call not known to be safe with OutcomeUnknownError, and re-issues a read", () => {
    createTestScheduler().run(({ expectObservable }) => {
      const write = createClient(brokenOnce('tools/call').transport, { reissue: 'safe-only' });
      expectObservable(write.callTool('write')).toBe('#', undefined, new OutcomeUnknownError('tools/call'));
      const read = createClient(brokenOnce('tools/list').transport, { reissue: 'safe-only' });
      expectObservable(read.listTools().pipe(map((tools) => tools.length))).toBe('(n|)', { n: 1 });
      const marked = createClient(brokenOnce('tools/call').transport, { reissue: 'safe-only' });
      expectObservable(marked.callTool('write', {}, { idempotent: true }).pipe(map((r) => r.content.length))).toBe('(n|)', { n: 1 });
    });
  });

  it("with reissue: 'safe-only', fails a tool call started as a task with OutcomeUnknownError too", () => {
    createTestScheduler().run(({ expectObservable }) => {
      const withTasks = res(0, discoverResult({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } }));
      const client = createClient(brokenOnce('tools/call', withTasks).transport, { reissue: 'safe-only' });
      expectObservable(client.callToolAsTask('write')).toBe('#', undefined, new OutcomeUnknownError('tools/call'));
    });
  });

  it("with reissue: 'safe-only', re-issues a tool call started as a task that the caller marks idempotent", () => {
    createTestScheduler().run(({ expectObservable }) => {
      const withTasks = res(0, discoverResult({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } }));
      const client = createClient(brokenOnce('tools/call', withTasks).transport, { reissue: 'safe-only' });
      expectObservable(client.callToolAsTask('write', {}, { idempotent: true }).pipe(map((event) => event.type))).toBe('(r|)', { r: 'result' });
    });
  });
});

describe('Nothing missed while listening was interrupted', () => {
  it('2026-07-28: lists again once a listen stream the server ended is back, and sees a tool added in the gap', () => {
    createTestScheduler().run(({ expectObservable, cold }) => {
      const server = createTestingController({ revision: '2026-07-28', capabilities: { tools: { listChanged: true } } });
      const served = serveTools(server, [tool('a')]);
      const client = createClient(server.transport, { live: { backoff: { initialMs: 100 }, debounceMs: 0 } });
      cold('10ms x').subscribe(() => {
        server.endSubscriptions();
        served.set([tool('a'), tool('b')]);
      });
      expectObservable(client.tools$.pipe(map((tools) => tools.map((t) => t.name).join())), '^ 1s !').toBe('a 109ms b', { a: 'a', b: 'a,b' });
    });
  });
});
