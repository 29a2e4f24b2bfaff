import { map } from 'rxjs';
import { createClient, type Params } from '../../../src/index.js';
import { eraCase, marbleTransport, note, req, res, serveTools, toolResult } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { discoverResult, keepIf, methodOf, modernMeta } from '../../helpers/mcp-fixtures.js';

const caps = { tools: { listChanged: true }, prompts: { listChanged: true } };
const tools = { tools: [], ttlMs: 0, cacheScope: 'public' };
const listen = (id: number, notifications: Params) => req(id, 'subscriptions/listen', { notifications, _meta: modernMeta() });
/** The server's acknowledgement of listen `id` (a stream never acknowledged is given up and re-opened, forever). */
const ack = (id: number, notifications: Params) => note('notifications/subscriptions/acknowledged', { notifications, _meta: { 'io.modelcontextprotocol/subscriptionId': id } });

describe('Client listen stream (2026-07-28)', () => {
  it('opens one stream for every kind needed, re-opening it with the union when a kind is added', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const prompts = { prompts: [], ttlMs: 0, cacheScope: 'public' };
      const inbound = hot('(ab)--cA', { a: res(0, discoverResult(caps)), b: res(2, tools), c: res(4, prompts), A: ack(3, { toolsListChanged: true, promptsListChanged: true }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.toolsState$.pipe(map(() => 0)), '^').toBe('(00)', { 0: 0 });
      expectObservable(client.promptsState$.pipe(map(() => 0)), '-----^').toBe('-----00', { 0: 0 });
      expectObservable(outbound$.pipe(map(keepIf('subscriptions/listen')))).toBe('(dlt)(cLp)', {
        d: 'server/discover',
        l: listen(1, { toolsListChanged: true }),
        t: 'tools/list',
        c: 'notifications/cancelled',
        L: listen(3, { toolsListChanged: true, promptsListChanged: true }),
        p: 'prompts/list',
      });
    });
  });

  it('re-opens with backoff when the server ends the stream with a result or with notifications/cancelled', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(ab)-e 500ms f 200ms A', {
        a: res(0, discoverResult(caps)), b: res(2, tools),
        e: res(1, { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } }),
        f: note('notifications/cancelled', { requestId: 3, reason: 'server shutting down' }),
        A: ack(4, { toolsListChanged: true }),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { live: { backoff: { initialMs: 100 } } });
      client.toolsState$.subscribe();
      const listens = outbound$.pipe(map((m) => ({ 'subscriptions/listen': 'L', 'notifications/cancelled': 'c' })[methodOf(m)] ?? '.'));
      // Listen 1 ends by result at 5 → re-opened 100 ms later; listen 3 ends by notifications/cancelled at 506 (the
      // client's own cancel for it is redundant but harmless) → re-opened 200 ms later.
      expectObservable(listens, '^ 750ms !').toBe('(.L.) 100ms L 400ms c 199ms L');
    });
  });

  it('publishes the list change a listen stream delivers on listChanged$, and the log message of a request on logs$ only', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { cold, expectObservable }) => {
      const served = serveTools(server, []);
      const client = createClient(server.transport);
      client.toolsState$.subscribe();
      server.whenRequest('tools/call').handle((call) => (call.notify('notifications/message', { level: 'info', data: 1 }), call.respond(toolResult())));
      cold('------x').subscribe(() => served.set([]));
      cold('-------x').subscribe(() => client.callTool('log').subscribe());
      expectObservable(client.notifications.listChanged$.pipe(map((c) => c.kind))).toBe('------t', { t: 'tools' });
      expectObservable(client.notifications.logs$()).toBe('-------m', { m: { level: 'info', data: 1 } });
    });
  });
});

describe('Client listen stream (2026-07-28 tasks extension)', () => {
  it('adds the ids of watched tasks to the one stream, declaring the tasks extension on it while it has any', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const withTasks = { ...caps, extensions: { 'io.modelcontextprotocol/tasks': {} } };
      const { transport, outbound$ } = marbleTransport(hot('(ab) 25ms A', { a: res(0, discoverResult(withTasks)), b: res(2, tools), A: ack(5, { toolsListChanged: true }) }));
      const client = createClient(transport);
      client.toolsState$.subscribe();
      expectObservable(client.watchTask('t1', { pollIntervalMs: 60_000 }).pipe(map(() => 0)), '10ms ^ 10ms !').toBe('');
      const declared = modernMeta({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
      // The watch adds t1 at 10 (the stream is re-opened with it) and leaves at 21 (re-opened without it).
      expectObservable(outbound$.pipe(map(keepIf('subscriptions/listen'))), '^ 30ms !').toBe('(dlt) 5ms (cTg) 6ms (cL)', {
        d: 'server/discover',
        l: listen(1, { toolsListChanged: true }),
        t: 'tools/list',
        c: 'notifications/cancelled',
        T: req(3, 'subscriptions/listen', { notifications: { toolsListChanged: true, taskIds: ['t1'] }, _meta: declared }),
        g: 'tasks/get',
        L: listen(5, { toolsListChanged: true }),
      });
    });
  });
});
