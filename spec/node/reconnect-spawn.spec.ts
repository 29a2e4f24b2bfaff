import { createClient, type ClientState, type Transport } from '../../src/index.js';
import { ProcessSpawnError, stdio } from '../../src/node/index.js';
import { until } from '../helpers/until.js';

describe('Client reconnect policy over stdio', () => {
  it('stops after one spawn when the command does not exist, and says failed with the ProcessSpawnError', async () => {
    const inner = stdio({ command: '/nonexistent/rxmcp-server' });
    let spawns = 0;
    const transport: Transport = {
      kind: inner.kind,
      connect: (outbound$) => {
        spawns += 1;
        return inner.connect(outbound$);
      },
    };
    const client = createClient(transport, { reconnect: { initialDelayMs: 10, maxDelayMs: 40, jitter: 0 } });
    let state: ClientState | undefined;
    client.state$.subscribe((s) => (state = s));
    const live = client.tools$.subscribe({ error: () => undefined });
    try {
      await until(() => state?.status === 'failed', 3000, () => `state is ${state?.status}, after ${spawns} spawns`);
      // A policy that kept going would have spawned again at 10, 30, 70, 110, ... ms.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(spawns).toBe(1);
      const failed = state as ClientState & { status: 'failed' };
      expect(failed.status).toBe('failed');
      expect(ProcessSpawnError.is(failed.error)).toBeTrue();
      expect((failed.error as ProcessSpawnError).errno).toBe('ENOENT');
    } finally {
      live.unsubscribe();
      client.close();
    }
  });
});
