import { asyncScheduler } from 'rxjs';
import { TransportError, createClient, type CatalogState, type ClientState, type Tool } from '../../src/index.js';
import { tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { scriptedServer } from '../helpers/scripted-server.js';

const stateOf = (s: ClientState): string =>
  s.status === 'reconnecting' ? `reconnecting#${s.attempt}${s.delayMs === undefined ? '' : `+${s.delayMs}`}` : s.status === 'disconnected' ? `disconnected:${s.error?.message ?? ''}` : s.status;

describe('Client reconnect policy', () => {
  it('backs off with jitter between failed attempts and starts the count over once a connection succeeds', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ refuse: (n) => (n === 2 ? new TransportError('refused') : undefined) });
      const opened: number[] = [];
      server.opened$.subscribe(() => opened.push(asyncScheduler.now()));
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 4, jitter: 0.5, random: () => 0.5 } });
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(stateOf(s)));
      client.tools$.subscribe();
      cold('-x').subscribe(() => server.connection(1).fail(new TransportError('reset')));
      cold('------------x').subscribe(() => server.connection(3).fail(new TransportError('reset again')));
      cold('--------------------x').subscribe(() => {
        // Connection 1 at 0; lost at 1; attempt 1 after 4 × 0.75 = 3 (refused at 4); attempt 2 after 8 × 0.75 = 6 (at 10,
        // succeeds); lost at 12; the count starts over: attempt 1 after 3, at 15.
        expect(opened).toEqual([0, 10, 15]);
        expect(states).toEqual(['idle', 'connecting', 'ready', 'reconnecting#1+3', 'reconnecting#2+6', 'ready', 'reconnecting#1+3', 'ready']);
      });
    });
  });

  it('waits at least what the Retry-After of a 503 asks', () => {
    createTestScheduler().run(({ cold }) => {
      const busy = new TransportError('HTTP 503 Service Unavailable', { status: 503, cause: { headers: new Headers({ 'retry-after': '7' }) } });
      const server = scriptedServer({ refuse: (n) => (n === 2 ? busy : undefined) });
      const opened: number[] = [];
      server.opened$.subscribe(() => opened.push(asyncScheduler.now()));
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      client.tools$.subscribe();
      cold('-x').subscribe(() => server.connection(1).fail(new TransportError('reset')));
      cold('10s x').subscribe(() => expect(opened).toEqual([0, 7003]));
    });
  });

  it('gives up after maxAttempts, says disconnected with the error, and follows the connection the next call opens', () => {
    createTestScheduler().run(({ cold }) => {
      const server = scriptedServer({ refuse: (n) => (n === 2 || n === 3 ? new TransportError(`refused ${n}`) : undefined) });
      const client = createClient(server.transport, { reconnect: { maxAttempts: 2, initialDelayMs: 1, jitter: 0 } });
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(stateOf(s)));
      const lists: number[] = [];
      client.tools$.subscribe((tools) => lists.push(tools.length));
      cold('-x').subscribe(() => server.connection(1).fail(new TransportError('reset')));
      cold('---------x').subscribe(() => client.ping().subscribe());
      cold('-----------x').subscribe(() => {
        expect(server.connectionCount()).toBe(4);
        expect(states).toEqual(['idle', 'connecting', 'ready', 'reconnecting#1+1', 'reconnecting#2+2', 'disconnected:refused 3', 'reconnecting#1', 'ready']);
        expect(lists).toEqual([0, 0]);
      });
    });
  });

  it('does not reconnect by itself over a transport that cannot reconnect, nor with reconnect: false', () => {
    createTestScheduler().run(({ cold }) => {
      const pair = scriptedServer({ reconnectable: false });
      const off = scriptedServer();
      createClient(pair.transport).tools$.subscribe();
      createClient(off.transport, { reconnect: false }).tools$.subscribe();
      cold('-x').subscribe(() => {
        pair.connection(1).end();
        off.connection(1).end();
      });
      cold('1m x').subscribe(() => expect([pair.connectionCount(), off.connectionCount()]).toEqual([1, 1]));
    });
  });

  it('lists a catalog again on the next connection, keeping the last good items, marked stale, in between', () => {
    createTestScheduler().run(({ cold }) => {
      let listings = 0;
      const server = scriptedServer({ answer: (method) => (method === 'tools/list' ? { tools: [tool(`t${++listings}`)] } : {}) });
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 3, jitter: 0 } });
      const summary = (s: CatalogState<Tool>) => `${s.items?.map((t) => t.name).join('+') ?? '-'}${s.stale ? ' stale' : ''}${s.refreshing ? ' refreshing' : ''}`;
      cold('--x').subscribe(() => server.connection(1).fail(new TransportError('reset')));
      const seen: string[] = [];
      client.toolsState$.subscribe((s) => seen.push(`${asyncScheduler.now()} ${summary(s)}`));
      cold('-------x').subscribe(() => expect(seen).toEqual(['0 - stale refreshing', '0 t1', '2 t1 stale', '5 t1 stale refreshing', '5 t2']));
    });
  });
});
