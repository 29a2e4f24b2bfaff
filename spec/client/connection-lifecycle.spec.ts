import { catchError, map, of, retry, timer } from 'rxjs';
import { SessionExpiredError, TransportError, UnsupportedMethodError, createClient, type Diagnostic, type Params } from '../../src/index.js';
import { eraCase, resourceContents, serveResourceContents, servePrompts, serveTools, tool, toolResult, type TestRequest, type TestingController } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { scriptedServer } from '../helpers/scripted-server.js';

const legacy = eraCase('2025-11-25');
const modern = eraCase('2026-07-28');
/** The methods of the requests the client made on connection `n` (negotiation aside). */
const methodsOn = (server: TestingController, n: number) => server.requests.filter((r) => r.connection === n).map((r) => r.method);
const onFirstConnection = (_params: Params, request: TestRequest) => request.connection === 1;

describe('Client connection lifecycle', () => {
  it('re-subscribes a watched resource and reads it again on the next connection, and the watch does not end', () => {
    const server = legacy.run(createTestScheduler(), (server, { cold, expectObservable }) => {
      let reads = 0;
      server.whenRequest('resources/read').respond(() => resourceContents('x://r', `v${++reads}`));
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      const texts = client.watchResource('x://r').pipe(map((r) => (r.contents[0] as { text: string }).text));
      expectObservable(texts, '^---------!').toBe('a-----b', { a: 'v1', b: 'v2' });
      cold('----x').subscribe(() => server.drop());
    });
    expect(methodsOn(server, 1)).toEqual(['resources/read', 'resources/subscribe']);
    expect(methodsOn(server, 2)).toEqual(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);
  });

  it('opens no connection to unsubscribe a watch whose connection is gone', () => {
    const server = legacy.run(createTestScheduler(), (server, { cold }) => {
      serveResourceContents(server, 'x://r', 'v');
      const watch = createClient(server.transport, { reconnect: false }).watchResource('x://r').subscribe();
      cold('--x').subscribe(() => server.drop());
      cold('----x').subscribe(() => watch.unsubscribe());
    });
    expect(server.connections).toBe(1);
    server.expectNoRequest('resources/unsubscribe');
  });

  it('keeps typed notification streams going across a reconnection; the loss shows on state$, not as a completion', () => {
    legacy.run(createTestScheduler(), (server, { cold, expectObservable }) => {
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      const log = (data: string) => () => server.notify('notifications/message', { level: 'info', data });
      cold('-a').subscribe(log('one'));
      cold('---x').subscribe(() => server.drop(new TransportError('reset')));
      cold('-------b').subscribe(log('two'));
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(s.status === 'reconnecting' ? `reconnecting ${s.attempt} in ${s.delayMs}: ${s.error?.message}` : s.status));
      expectObservable(client.notifications.logs$().pipe(map((m) => m.data)), '^---------!').toBe('-a-----b', { a: 'one', b: 'two' });
      cold('---------x').subscribe(() => expect(states).toEqual(['idle', 'connecting', 'ready', 'reconnecting 1 in 2: reset', 'ready']));
    });
  });

  it('closes an idle connection idleCloseMs after the last call is done', () => {
    legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      serveTools(server, []);
      const client = createClient(server.transport, { idleCloseMs: 3 });
      expectObservable(client.listTools().pipe(map((t) => t.length))).toBe('(n|)', { n: 0 });
      expectObservable(client.session.state$.pipe(map((s) => s.status)), '^-----!').toBe('o--d', { o: 'open', d: 'disconnected' });
    });
  });

  it('negotiates again on a new connection: a call repeated as the old one drops waits for the new initialize', () => {
    // The legacy controller reports a request that comes before notifications/initialized on its connection.
    const server = legacy.run(createTestScheduler(), (server, { cold }) => {
      server.whenRequest('tools/call').respond(toolResult());
      server.whenRequest('tools/call', onFirstConnection).never();
      createClient(server.transport, { reconnect: false }).callTool('echo', {}).pipe(retry(1)).subscribe();
      cold('--x').subscribe(() => server.drop());
    });
    expect([methodsOn(server, 1), methodsOn(server, 2)]).toEqual([['tools/call'], ['tools/call']]);
  });

  it('repeats every safe call in flight once when the server forgot the session, negotiating once on the new connection', () => {
    // The legacy controller reports a second initialize on one connection.
    const server = legacy.run(createTestScheduler(), (server, { cold, expectObservable }) => {
      serveTools(server, []);
      servePrompts(server, []);
      server.whenRequest('tools/list', onFirstConnection).never();
      server.whenRequest('prompts/list', onFirstConnection).never();
      const client = createClient(server.transport, { reconnect: false });
      expectObservable(client.listTools().pipe(map((t) => t.length))).toBe('--(n|)', { n: 0 });
      expectObservable(client.listPrompts().pipe(map((p) => p.length))).toBe('--(n|)', { n: 0 });
      cold('--x').subscribe(() => server.drop(new SessionExpiredError()));
    });
    expect([server.connections, methodsOn(server, 2)]).toEqual([2, ['tools/list', 'prompts/list']]);
  });

  it('never cancels initialize on the wire: past the connect bound the connection is closed, nothing more is sent', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ silent: true });
      const client = createClient(server.transport, { protocol: 'legacy', timeout: { firstMs: 2 }, connectTimeoutMs: 5, reconnect: false });
      let failure: unknown;
      client.connect().subscribe({ error: (error: unknown) => (failure = error) });
      cold('--------x').subscribe(() => {
        expect(server.methods(1)).toEqual(['initialize']);
        expect((failure as Error).name).toBe('ConnectTimeoutError');
        expect(client.session.state.status).toBe('disconnected');
      });
    });
  });

  it('refuses notifyRootsChanged on 2026-07-28 with UnsupportedMethodError and sends nothing', () => {
    const server = modern.run(createTestScheduler(), (server, { expectObservable }) => {
      const client = createClient(server.transport, { handlers: { roots: () => ({ roots: [] }) } });
      expectObservable(client.notifyRootsChanged()).toBe(
        '#', undefined, new UnsupportedMethodError('notifications/roots/list_changed is not a client notification of MCP 2026-07-28'),
      );
    });
    server.expectNoRequest();
    expect(() => server.expectNotification('notifications/roots/list_changed')).toThrow();
  });

  it('answers a legacy server request whose params do not fit -32602, without calling the handler', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer();
      const sampling = jasmine.createSpy('sampling').and.returnValue({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' });
      const client = createClient(server.transport, { handlers: { sampling } });
      client.connect().subscribe();
      cold('-x').subscribe(() => server.connection(1).push({ jsonrpc: '2.0', id: 'q', method: 'sampling/createMessage', params: { messages: 'not-an-array', maxTokens: 5 } }));
      cold('--x').subscribe(() => {
        expect(sampling).not.toHaveBeenCalled();
        const answer = server.received.find((r) => (r.message as { id?: unknown }).id === 'q')?.message as { error?: { code: number; message: string } };
        expect(answer.error?.code).toBe(-32602);
        expect(answer.error?.message).toContain('Invalid sampling/createMessage params');
      });
    });
  });

  it('reports a failing handler on diagnostics$ and answers the server with the error', () => {
    legacy.run(createTestScheduler(), (server, { expectObservable, flush }) => {
      const client = createClient(server.transport, { handlers: { roots: () => { throw new Error('disk gone'); } } });
      const seen: Diagnostic[] = [];
      client.diagnostics$.subscribe((d) => seen.push(d));
      client.connect().subscribe();
      expectObservable(server.request('roots/list').pipe(catchError((error: Error) => of(error.message)))).toBe('(e|)', { e: 'disk gone' });
      flush();
      expect(seen.map((d) => d.kind)).toEqual(['handler-error']);
      expect(seen[0]?.message).toContain('disk gone');
    });
  });

  it('reports each re-opening of a listen stream on diagnostics$, with its delay', () => {
    const server = modern.run(createTestScheduler(), (server, { cold }) => {
      serveTools(server, []);
      const client = createClient(server.transport, { live: { backoff: { initialMs: 2 } } });
      const seen: string[] = [];
      client.diagnostics$.subscribe((d) => seen.push(`${d.kind}: ${d.message}`));
      client.tools$.subscribe();
      cold('---x').subscribe(() => server.endSubscriptions());
      cold('---------x').subscribe(() => {
        expect(seen).toEqual(['listen-retry: The listen stream was ended by the server: re-opening in 2 ms (attempt 1)']);
        expect(server.notify('notifications/tools/list_changed')).withContext('listen streams open').toBe(1);
      });
    });
    expect(server.connections).toBe(1);
  });

  it('starts a listing walk over from the first page on the new connection when the server lost the session mid-walk', () => {
    legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/list').handle((list) => {
        const { connection } = list;
        if (list.params['cursor'] === undefined) list.respond({ tools: [tool(`a${connection}`)], nextCursor: 'p2' });
        else if (connection > 1) list.respond({ tools: [tool(`b${connection}`)] });
        else timer(1).subscribe(() => server.drop(new SessionExpiredError()));
      });
      const client = createClient(server.transport, { reconnect: false });
      expectObservable(client.listTools().pipe(map((tools) => tools.map((t) => t.name).join(',')))).toBe('-(n|)', { n: 'a2,b2' });
    });
  });
});
