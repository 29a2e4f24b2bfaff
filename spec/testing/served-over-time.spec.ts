import { Observable, distinctUntilChanged, lastValueFrom, map, throwError, timer } from 'rxjs';
import { RpcError, createClient, type Tool } from '../../src/index.js';
import { createTestingController, eachEra, elicitForm, eraCase, serveResources, serveTools, text, tool, toolResult } from '../../src/testing/index.js';

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name).join() || '(none)';
const states = { debounceMs: 1 };

describe('serve* catalogs given as an Observable', () => {
  eachEra((era) => {
    it(`serve the first value from the start and announce each later one (${era.name})`, () =>
      era.run((server, { cold, expectObservable }) => {
        serveTools(server, cold('a 9ms b 9ms c', { a: [tool('a')], b: [tool('a'), tool('b')], c: [tool('c')] }));
        expectObservable(createClient(server.transport, { live: states }).tools$.pipe(map(names))).toBe('a 10ms b 9ms c', { a: 'a', b: 'a,b', c: 'c' });
      }));

    it(`fail every listing after the stream errors, announcing it; set() lists again (${era.name})`, () =>
      era.run((server, { cold, expectObservable }) => {
        const tools = serveTools(server, cold('a 9ms #', { a: [tool('a')] }, new RpcError(-32001, 'database down', { data: { table: 'tools' } })));
        cold('30ms x').subscribe(() => tools.set([tool('b')]));
        const client = createClient(server.transport, { live: states });
        const shown = client.toolsState$.pipe(map((state) => `${state.items ? names(state.items) : '…'}${state.error ? ` (${state.error.message})` : ''}`), distinctUntilChanged());
        expectObservable(shown).toBe('(la) 7ms e 19ms b', { l: '…', a: 'a', e: 'a (database down)', b: 'b' });
        cold('20ms x').subscribe(() => expect(tools.items).toEqual([]));
        cold('40ms x').subscribe(() => {
          const [first, refresh] = server.requests.filter((request) => request.method === 'tools/list').slice(0, 2);
          expect([first?.answered, refresh?.answered]).toEqual([true, true]);
          expect(refresh?.cancelled).toBeFalse();
        });
      }));
  });

  eachEra((era) => {
    it(`announce a first value that comes after the client listed the empty list (${era.name})`, () =>
      era.run((server, { cold, expectObservable }) => {
        serveTools(server, cold('5ms a', { a: [tool('late')] }));
        expectObservable(createClient(server.transport, { live: states }).tools$.pipe(map(names))).toBe('n 5ms a', { n: '(none)', a: 'late' });
      }));
  });

  it('take a thrown value that is no JSON-RPC error as -32603 with its message, and keep the error data', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    serveResources(server, throwError(() => new Error('disk gone')));
    const client = createClient(server.transport);
    await expectAsync(lastValueFrom(client.listResources())).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -32603, message: 'disk gone' }));
    const other = createTestingController({ revision: '2025-11-25' });
    serveTools(other, throwError(() => ({ code: -32000, message: 'backend down', data: { retryAfter: 5 } })));
    await expectAsync(lastValueFrom(createClient(other.transport).listTools())).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -32000, message: 'backend down', data: { retryAfter: 5 } }));
  });

  it('serve an empty list until the first value, and remove() unsubscribes the stream', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    let unsubscribed = false;
    const tools = serveTools(server, new Observable<readonly Tool[]>(() => () => (unsubscribed = true)));
    expect(await lastValueFrom(createClient(server.transport).listTools())).toEqual([]);
    tools.remove();
    expect(unsubscribed).toBeTrue();
  });
});

describe('RequestRule.ask', () => {
  eachEra((era) => {
    it(`puts the questions to the client and answers each matching call with what the answers make (${era.name})`, async () => {
      const server = era.controller();
      server.whenRequest('tools/call', { name: 'book' }).ask(
        (call) => ({ ok: elicitForm(`Book ${String(call.arguments['to'])}?`, { confirmed: { type: 'boolean' } }) }),
        ({ ok }, call) => toolResult(`${ok.action} ${String(call.arguments['to'])}`),
      );
      const questions: string[] = [];
      const client = createClient(server.transport, { handlers: { elicitation: (params) => (questions.push(params.message), { action: 'accept', content: { confirmed: true } }) } });
      expect((await lastValueFrom(client.callTool('book', { to: 'Oslo' }))).content).toEqual([text('accept Oslo')]);
      expect((await lastValueFrom(client.callTool('book', { to: 'Bergen' }))).content).toEqual([text('accept Bergen')]);
      expect(questions).toEqual(['Book Oslo?', 'Book Bergen?']);
      server.verify();
      client.close();
    });

    it(`answers with the first value when the answer is an Observable, in virtual time (${era.name})`, () =>
      era.run((server, { cold, expectObservable }) => {
        server.whenRequest('tools/call').ask({ ok: elicitForm('Sure?', {}) }, ({ ok }) => cold('30ms (ab)', { a: toolResult(ok.action), b: toolResult('second') }));
        const client = createClient(server.transport, { handlers: { elicitation: () => ({ action: 'accept', content: {} }) } });
        expectObservable(client.callTool('book').pipe(map((result) => result.content))).toBe('30ms (r|)', { r: [text('accept')] });
      }));

    it(`fails the call with -32603 and reports it in verify() when the answer function throws (${era.name})`, async () => {
      const server = era.controller();
      server.whenRequest('tools/call').ask({ ok: elicitForm('Sure?', {}) }, () => {
        throw new Error('no answer for decline');
      });
      const client = createClient(server.transport, { handlers: { elicitation: () => ({ action: 'decline' }) } });
      await expectAsync(lastValueFrom(client.callTool('book'))).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -32603 }));
      expect(() => server.verify()).toThrowError(/whenRequest\(tools\/call\) failed on .*no answer for decline/);
      client.close();
    });
  });

  // 2025-11-25 puts the question as a request of its own, which ends with the connection or with the client's
  // cancellation of the call; neither is a failure of the script.
  for (const [how, end] of [['cancelled the call', 'cancel'], ['lost the connection', 'drop']] as const) {
    it(`leaves a request alone when the client ${how} while the question was open (legacy 2025-11-25)`, () =>
      eraCase('2025-11-25').run((server, { cold }) => {
        server.whenRequest('tools/call').ask({ ok: elicitForm('Sure?', {}) }, ({ ok }) => toolResult(ok.action));
        const slowUser = () => timer(100).pipe(map(() => ({ action: 'accept' as const, content: {} })));
        const client = createClient(server.transport, { handlers: { elicitation: slowUser }, reconnect: false });
        const call = client.callTool('book').subscribe({ error: () => undefined });
        cold('50ms x').subscribe(() => (end === 'cancel' ? call.unsubscribe() : server.drop()));
        cold('200ms x').subscribe(() => expect(server.requests.map((request) => [request.cancelled, request.answered])).toEqual([[end === 'cancel', false]]));
      }));
  }
});
