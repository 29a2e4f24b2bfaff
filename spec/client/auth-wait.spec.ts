import { map } from 'rxjs';
import { createClient, type Transport } from '../../src/index.js';
import { marbleTransport, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { initializeResult } from '../helpers/mcp-fixtures.js';

describe('Client while the transport waits for the user to authorize', () => {
  it('stops the request clocks and shows authorizing in state$', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const waiting = hot('f-t---------f', { t: true, f: false });
      const inbound = hot('--------------a', { a: res(0, initializeResult()) });
      const base = marbleTransport(inbound).transport;
      const transport: Transport & { auth: { waitingForUser$: typeof waiting } } = { ...base, connect: base.connect.bind(base), auth: { waitingForUser$: waiting } };
      const client = createClient(transport, { protocol: 'legacy', timeout: { firstMs: 5 } });
      expectObservable(client.connect().pipe(map((s) => s.protocolVersion))).toBe('--------------(v|)', { v: '2025-11-25' });
      expectObservable(client.state$.pipe(map((s) => s.status))).toBe('c-a---------c-r', { c: 'connecting', a: 'authorizing', r: 'ready' });
    });
  });
});
