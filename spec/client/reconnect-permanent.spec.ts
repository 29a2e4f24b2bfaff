import { NegotiationError, TransportError, createClient, type ClientState, type McpError } from '../../src/index.js';
import { createTestingController } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { scriptedServer } from '../helpers/scripted-server.js';

const stateOf = (s: ClientState): string => {
  if (s.status === 'reconnecting') return `reconnecting#${s.attempt}${s.delayMs === undefined ? '' : `+${s.delayMs}`}`;
  if (s.status === 'failed') return `failed:${s.error.name}`;
  return s.status;
};

const ignore = (): void => undefined;

describe('Client reconnect policy and permanent failures', () => {
  it('makes one attempt at a server with no revision in common, then says failed with the NegotiationError and opens nothing more', () => {
    createTestScheduler().run(({ cold }) => {
      const server = createTestingController({ revision: '2025-06-18' });
      const failures: string[] = [];
      const client = createClient(server.transport, {
        protocol: { pin: '2025-11-25' },
        reconnect: { initialDelayMs: 4, jitter: 0 },
        onFailure: (error, state) => failures.push(`${state.status} ${error.name}`),
      });
      const states: ClientState[] = [];
      client.state$.subscribe((s) => states.push(s));
      client.tools$.subscribe({ error: ignore });
      cold('10m x').subscribe(() => {
        expect(server.connections).toBe(1);
        expect(states.map(stateOf)).toEqual(['idle', 'connecting', 'failed:NegotiationError']);
        const last = states[states.length - 1] as ClientState & { status: 'failed' };
        expect(NegotiationError.is(last.error)).toBeTrue();
        expect(failures).toEqual(['failed NegotiationError']);
        client.close();
      });
    });
  });

  it('still backs off and retries after a transient failure', () => {
    createTestScheduler().run(({ cold }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 4, jitter: 0 } });
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(stateOf(s)));
      client.tools$.subscribe({ error: ignore });
      cold('-x').subscribe(() => server.drop(new TransportError('reset')));
      cold('10m x').subscribe(() => {
        expect(server.connections).toBe(2);
        expect(states).toEqual(['idle', 'connecting', 'ready', 'reconnecting#1+4', 'ready']);
        client.close();
      });
    });
  });

  it('stops on an HTTP 4xx answer other than 408 and 429, and backs off on 408, 429 and 5xx', () => {
    createTestScheduler().run(({ cold }) => {
      const runs = [400, 401, 403, 404, 408, 429, 500, 503].map((status) => {
        const refused = new TransportError(`HTTP ${status}`, { status });
        const server = scriptedServer({ refuse: (n) => (n === 2 ? refused : undefined) });
        const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
        let last: ClientState | undefined;
        client.state$.subscribe((s) => (last = s));
        client.tools$.subscribe({ error: ignore });
        return { status, server, client, state: () => last };
      });
      cold('-x').subscribe(() => runs.forEach((run) => run.server.connection(1).fail(new TransportError('reset'))));
      cold('1m x').subscribe(() => {
        const seen = runs.map((run) => `${run.status}: ${run.server.connectionCount()} ${run.state()?.status}`);
        expect(seen).toEqual([
          '400: 2 failed', '401: 2 failed', '403: 2 failed', '404: 2 failed',
          '408: 3 ready', '429: 3 ready', '500: 3 ready', '503: 3 ready',
        ]);
        runs.forEach((run) => run.client.close());
      });
    });
  });

  it('tries once more on the next call after stopping, and keeps the connection that call opens', () => {
    createTestScheduler().run(({ cold }) => {
      const forbidden = new TransportError('HTTP 403', { status: 403 });
      const server = scriptedServer({ refuse: (n) => (n === 1 ? forbidden : undefined) });
      const client = createClient(server.transport, { reconnect: { initialDelayMs: 2, jitter: 0 } });
      const states: string[] = [];
      client.state$.subscribe((s) => states.push(stateOf(s)));
      const errors: McpError[] = [];
      client.tools$.subscribe({ error: (e: McpError) => errors.push(e) });
      cold('-----x').subscribe(() => client.ping().subscribe({ error: ignore }));
      cold('--------x').subscribe(() => server.connection(2).fail(new TransportError('reset')));
      cold('1m x').subscribe(() => {
        // The 403 at 0 stops the keeper; the call at 5 opens connection 2, which the keeper follows: lost at 8, it is
        // re-opened after 2 (connection 3).
        expect(server.connectionCount()).toBe(3);
        expect(states).toEqual(['idle', 'connecting', 'failed:TransportError', 'reconnecting#1', 'ready', 'reconnecting#1+2', 'ready']);
        client.close();
      });
    });
  });
});
