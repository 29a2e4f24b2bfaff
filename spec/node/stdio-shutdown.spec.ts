import { concat, firstValueFrom, NEVER, of, timeout, toArray } from 'rxjs';
import { stdio, type StdioTransport } from '../../src/node/stdio.js';
import { fixtureServer } from '../fixtures/servers/paths.js';

const CLOSE_GRACE_MS = 150;
const TERM_GRACE_MS = 150;

const server = (name: string, ...args: string[]): StdioTransport =>
  stdio({
    command: process.execPath,
    args: [fixtureServer(name), ...args],
    closeGraceMs: CLOSE_GRACE_MS,
    termGraceMs: TERM_GRACE_MS,
  });

describe('stdio shutdown', () => {
  it('closes stdin on unsubscribe; a server that exits at end of input leaves with code 0 and no signal', async () => {
    const transport = server('echo-server');
    const outbound$ = concat(of({ message: { jsonrpc: '2.0' as const, id: 1, method: 'ping' } }), NEVER);
    const announced = firstValueFrom(transport.processes$);
    const first = firstValueFrom(transport.connect(outbound$).pipe(timeout(5000)));
    const spawned = await announced;
    expect(await first).toEqual({ message: { jsonrpc: '2.0', id: 1, result: { echo: { method: 'ping' } } } });
    const started = performance.now();
    expect(await firstValueFrom(spawned.exit$.pipe(timeout(3000)))).toEqual({ exitCode: 0, signal: null });
    expect(performance.now() - started).toBeLessThan(CLOSE_GRACE_MS);
  });

  it('sends SIGTERM after closeGraceMs to a server that ignores the end of its input', async () => {
    const transport = server('stubborn', '--honour-sigterm');
    const announced = firstValueFrom(transport.processes$);
    const ready = firstValueFrom(transport.connect(NEVER).pipe(timeout(5000)));
    const spawned = await announced;
    const lines = firstValueFrom(spawned.stderr$.pipe(toArray()));
    expect(await ready).toEqual({ message: { jsonrpc: '2.0', method: 'notifications/ready' } });
    const started = performance.now();
    expect(await firstValueFrom(spawned.exit$.pipe(timeout(3000)))).toEqual({ exitCode: null, signal: 'SIGTERM' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 20);
    expect(await lines).toEqual(['stdin closed']);
  });

  it('sends SIGKILL after termGraceMs to a server that ignores the end of its input and SIGTERM', async () => {
    const transport = server('stubborn');
    const announced = firstValueFrom(transport.processes$);
    const ready = firstValueFrom(transport.connect(NEVER).pipe(timeout(5000)));
    const spawned = await announced;
    const lines = firstValueFrom(spawned.stderr$.pipe(toArray()));
    await ready;
    const started = performance.now();
    expect(await firstValueFrom(spawned.exit$.pipe(timeout(3000)))).toEqual({ exitCode: null, signal: 'SIGKILL' });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(CLOSE_GRACE_MS + TERM_GRACE_MS - 20);
    expect(elapsed).toBeLessThan(CLOSE_GRACE_MS + TERM_GRACE_MS + 1500);
    expect(await lines).toEqual(['stdin closed', 'SIGTERM ignored']);
    expect(transport.health().alive).toBeFalse();
  });
});
