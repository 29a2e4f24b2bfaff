import { map, retry, timer } from 'rxjs';
import { SessionExpiredError, TransportError, UnsupportedMethodError, createClient, type Diagnostic, type Params } from '../../src/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { scriptedServer } from '../helpers/scripted-server.js';

const contents = (text: string): Params => ({ contents: [{ uri: 'x://r', text }] });
const HANDSHAKE = ['server/discover', 'initialize', 'notifications/initialized'];
const idOf = (message: unknown) => (message as { id: number }).id;

describe('Client connection lifecycle', () => {
  it('re-subscribes a watched resource and reads it again on the next connection, and the watch does not end', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      let reads = 0;
      const server = scriptedServer({ era: 'legacy', answer: (method) => (method === 'resources/read' ? contents(`v${++reads}`) : {}) });
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      const texts = client.watchResource('x://r').pipe(map((r) => (r.contents[0] as { text: string }).text));
      expectObservable(texts, '^---------!').toBe('a-----b', { a: 'v1', b: 'v2' });
      cold('----x').subscribe(() => server.connection(1).end());
      cold('---------x').subscribe(() => {
        expect(server.methods(1)).toEqual([...HANDSHAKE, 'resources/read', 'resources/subscribe']);
        expect(server.methods(2)).toEqual([...HANDSHAKE, 'resources/read', 'resources/subscribe']);
      });
    });
  });

  it('opens no connection to unsubscribe a watch whose connection is gone', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'legacy', answer: (method) => (method === 'resources/read' ? contents('v') : {}) });
      const client = createClient(server.transport, { reconnect: false });
      const watch = client.watchResource('x://r').subscribe();
      cold('--x').subscribe(() => server.connection(1).end());
      cold('----x').subscribe(() => watch.unsubscribe());
      cold('------x').subscribe(() => {
        expect(server.connectionCount()).toBe(1);
        expect(server.methods(1)).not.toContain('resources/unsubscribe');
      });
    });
  });

  it('keeps typed notification streams going across a reconnection; the loss shows on state$, not as a completion', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const server = scriptedServer({ era: 'legacy' });
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      const log = (data: string) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } });
      cold('-a').subscribe(() => server.connection(1).push(log('one')));
      cold('---x').subscribe(() => server.connection(1).fail(new TransportError('reset')));
      cold('-------b').subscribe(() => server.connection(2).push(log('two')));
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(s.status === 'reconnecting' ? `reconnecting ${s.attempt} in ${s.delayMs}: ${s.error?.message}` : s.status));
      expectObservable(client.notifications.logs$().pipe(map((m) => m.data)), '^---------!').toBe('-a-----b', { a: 'one', b: 'two' });
      cold('---------x').subscribe(() => expect(states).toEqual(['idle', 'connecting', 'ready', 'reconnecting 1 in 2: reset', 'ready']));
    });
  });

  it('closes an idle connection idleCloseMs after the last call is done', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const server = scriptedServer({ era: 'legacy' });
      const client = createClient(server.transport, { idleCloseMs: 3 });
      expectObservable(client.listTools().pipe(map((t) => t.length))).toBe('(n|)', { n: 0 });
      expectObservable(client.session.state$.pipe(map((s) => s.status)), '^-----!').toBe('o--d', { o: 'open', d: 'disconnected' });
    });
  });

  it('negotiates again on a new connection: a call repeated as the old one drops waits for the new initialize', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'legacy', answer: (method, _params, connection) => (connection === 1 && method === 'tools/call' ? undefined : { content: [] }) });
      const client = createClient(server.transport, { reconnect: false });
      client.callTool('echo', {}).pipe(retry(1)).subscribe();
      cold('--x').subscribe(() => server.connection(1).end());
      cold('---x').subscribe(() => {
        expect(server.methods(1)).toEqual([...HANDSHAKE, 'tools/call']);
        expect(server.methods(2)).toEqual([...HANDSHAKE, 'tools/call']);
      });
    });
  });

  it('repeats every safe call in flight once when the server forgot the session, negotiating once on the new connection', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const server = scriptedServer({
        era: 'legacy',
        answer: (method, _params, connection) => (connection === 1 ? undefined : { [method === 'tools/list' ? 'tools' : 'prompts']: [] }),
      });
      const client = createClient(server.transport, { reconnect: false });
      expectObservable(client.listTools().pipe(map((t) => t.length))).toBe('--(n|)', { n: 0 });
      expectObservable(client.listPrompts().pipe(map((p) => p.length))).toBe('--(n|)', { n: 0 });
      cold('--x').subscribe(() => server.connection(1).fail(new SessionExpiredError()));
      cold('---x').subscribe(() => {
        expect(server.connectionCount()).toBe(2);
        expect(server.methods(2)).toEqual([...HANDSHAKE, 'tools/list', 'prompts/list']);
      });
    });
  });

  it('never cancels initialize on the wire: past the connect bound the connection is closed, nothing more is sent', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'legacy', silent: true });
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
    createTestScheduler().run(({ expectObservable, cold }) => {
      const server = scriptedServer({ era: 'modern' });
      const client = createClient(server.transport, { handlers: { roots: () => ({ roots: [] }) } });
      expectObservable(client.notifyRootsChanged()).toBe(
        '#', undefined, new UnsupportedMethodError('notifications/roots/list_changed is not a client notification of MCP 2026-07-28'),
      );
      cold('-x').subscribe(() => expect(server.methods(1)).toEqual(['server/discover']));
    });
  });

  it('answers a legacy server request whose params do not fit -32602, without calling the handler', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'legacy' });
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
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'legacy' });
      const client = createClient(server.transport, { handlers: { roots: () => { throw new Error('disk gone'); } } });
      const seen: Diagnostic[] = [];
      client.diagnostics$.subscribe((d) => seen.push(d));
      client.connect().subscribe();
      cold('-x').subscribe(() => server.connection(1).push({ jsonrpc: '2.0', id: 'r', method: 'roots/list' }));
      cold('--x').subscribe(() => {
        expect(seen.map((d) => d.kind)).toEqual(['handler-error']);
        expect(seen[0]?.message).toContain('disk gone');
        const answer = server.received.find((r) => (r.message as { id?: unknown }).id === 'r')?.message as { error?: { message: string } };
        expect(answer.error?.message).toBe('disk gone');
      });
    });
  });

  it('reports each re-opening of a listen stream on diagnostics$, with its delay', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ era: 'modern', capabilities: { tools: { listChanged: true } } });
      const client = createClient(server.transport, { live: { backoff: { initialMs: 2 } } });
      const seen: string[] = [];
      client.diagnostics$.subscribe((d) => seen.push(`${d.kind}: ${d.message}`));
      client.tools$.subscribe();
      cold('---x').subscribe(() => {
        const listen = server.received.find((r) => (r.message as { method?: string }).method === 'subscriptions/listen');
        server.connection(1).push({ jsonrpc: '2.0', id: idOf(listen?.message), result: { resultType: 'complete' } });
      });
      cold('---------x').subscribe(() => {
        expect(seen).toEqual(['listen-retry: The listen stream was ended by the server: re-opening in 2 ms (attempt 1)']);
        expect(server.methods(1).filter((m) => m === 'subscriptions/listen').length).toBe(2);
        expect(server.connectionCount()).toBe(1);
      });
    });
  });

  it('starts a listing walk over from the first page on the new connection when the server lost the session mid-walk', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
      const server = scriptedServer({
        era: 'legacy',
        answer: (method, params, connection) => {
          if (method !== 'tools/list') return {};
          if (connection === 1 && params['cursor'] === 'p2') {
            timer(1).subscribe(() => server.connection(1).fail(new SessionExpiredError()));
            return undefined;
          }
          return params['cursor'] === undefined ? { tools: [tool(`a${connection}`)], nextCursor: 'p2' } : { tools: [tool(`b${connection}`)] };
        },
      });
      const client = createClient(server.transport, { reconnect: false });
      expectObservable(client.listTools().pipe(map((tools) => tools.map((t) => t.name).join(',')))).toBe('-(n|)', { n: 'a2,b2' });
    });
  });
});
