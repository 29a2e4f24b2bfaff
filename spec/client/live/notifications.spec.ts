import { map } from 'rxjs';
import { createClient } from '../../../src/index.js';
import { marbleTransport, note, res } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { initializeResult } from '../../helpers/mcp-fixtures.js';

const log = (level: string, data: unknown) => note('notifications/message', { level, data });

describe('Client typed notification streams', () => {
  it('filter logs by level, split the other kinds, and drop malformed params with a diagnostic', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a-bcdefgh', {
        a: res(0, initializeResult()),
        b: log('debug', 'noise'),
        c: log('error', 'boom'),
        d: note('notifications/message', { level: 'loud', data: 'bad level' }),
        e: note('notifications/progress', { progressToken: 't', progress: 1 }),
        f: note('notifications/resources/updated', { uri: 'x://a' }),
        g: note('notifications/elicitation/complete', { elicitationId: 'e1' }),
        h: note('notifications/prompts/list_changed'),
      });
      const client = createClient(marbleTransport(inbound).transport, { protocol: 'legacy' });
      client.connect().subscribe();
      const { notifications } = client;
      expectObservable(notifications.logs$('warning').pipe(map((m) => m.data))).toBe('---c', { c: 'boom' });
      expectObservable(notifications.logs$().pipe(map((m) => m.level))).toBe('--bc', { b: 'debug', c: 'error' });
      expectObservable(notifications.progress$.pipe(map((p) => p.progress))).toBe('-----e', { e: 1 });
      expectObservable(notifications.resourceUpdated$.pipe(map((u) => u.uri))).toBe('------f', { f: 'x://a' });
      expectObservable(notifications.elicitationComplete$.pipe(map((u) => u.elicitationId))).toBe('-------g', { g: 'e1' });
      expectObservable(notifications.listChanged$).toBe('--------h', { h: { kind: 'prompts' } });
      expectObservable(client.diagnostics$.pipe(map((d) => d.kind))).toBe('----(dd)', { d: 'invalid-message' });
    });
  });
});

describe('Client.state$', () => {
  it('goes idle → connecting → ready (with the server) → disconnected → reconnecting → ready → closed', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      let n = 0;
      const connections = [
        cold('----a--|', { a: { message: res(0, initializeResult()) } }),
        cold('-a', { a: { message: res(1, initializeResult('2025-06-18')) } }),
      ];
      const client = createClient({ kind: 'flaky', connect: (out) => (out.subscribe(), connections[n++] ?? cold('-')) }, { protocol: 'legacy' });
      const summary = client.state$.pipe(map((s) => (s.status === 'ready' ? `ready ${s.server.protocolVersion}` : s.status)));
      expectObservable(summary).toBe('(ic)a--d-rb--(z|)', {
        i: 'idle', c: 'connecting', a: 'ready 2025-11-25', d: 'disconnected', r: 'reconnecting', b: 'ready 2025-06-18', z: 'closed',
      });
      cold('x').subscribe(() => client.connect().subscribe());
      cold('---------x').subscribe(() => client.connect().subscribe());
      cold('-------------x').subscribe(() => client.close());
    });
  });
});
