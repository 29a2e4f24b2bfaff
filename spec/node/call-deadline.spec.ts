import { firstValueFrom } from 'rxjs';
import { createClient, RequestTimeoutError } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';

// A server process that reads its input and never answers, not even the handshake.
const silent = () => stdio({ command: process.execPath, args: ['-e', 'process.stdin.resume()'], closeGraceMs: 100, termGraceMs: 100 });

async function failure(call: Promise<unknown>): Promise<{ readonly error: unknown; readonly ms: number }> {
  const started = performance.now();
  try {
    await call;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('the call succeeded');
}

describe('A call\'s timeout is its caller\'s whole wait (stdio, a server that never answers the handshake)', () => {
  it('fails callTool with totalMs 1500 after about 1.5 s, not at the 30 s connect bound', async () => {
    const client = createClient(silent(), { reconnect: false });
    try {
      const { error, ms } = await failure(firstValueFrom(client.callTool('echo', {}, { timeout: { totalMs: 1500 } })));
      expect(RequestTimeoutError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as RequestTimeoutError).timeoutKind).toBe('total');
      expect(ms).toBeGreaterThanOrEqual(1400);
      expect(ms).toBeLessThan(5000);
    } finally {
      client.close();
    }
  });

  it('fails listTools with firstMs 800 after about 0.8 s, and the client\'s own timeout counts the same way', async () => {
    const client = createClient(silent(), { reconnect: false, timeout: { firstMs: 800 } });
    try {
      const { error, ms } = await failure(firstValueFrom(client.listTools()));
      expect(RequestTimeoutError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as RequestTimeoutError).timeoutKind).toBe('first');
      expect(ms).toBeLessThan(5000);
    } finally {
      client.close();
    }
  });
});
