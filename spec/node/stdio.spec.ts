import { concat, defer, firstValueFrom, NEVER, type Observable, of, take, timeout, toArray } from 'rxjs';
import { TransportError } from '../../src/errors/errors.js';
import {
  DEFAULT_INHERITED_ENV_VARS,
  ProcessExitError,
  ProcessSpawnError,
  StdoutClosedError,
  stdio,
  type StdioOptions,
} from '../../src/node/stdio.js';
import type { InboundFrame, OutboundFrame } from '../../src/transport/types.js';
import { fixtureServer } from '../fixtures/servers/paths.js';
import { until } from '../helpers/until.js';

const request = (id: number, method: string, params?: Record<string, unknown>): OutboundFrame => ({
  message: params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params },
});

const server = (name: string, options: Partial<StdioOptions> = {}) =>
  stdio({ command: process.execPath, args: [fixtureServer(name)], closeGraceMs: 200, termGraceMs: 200, ...options });

interface Outcome {
  readonly frames: InboundFrame[];
  readonly error?: unknown;
  readonly completed: boolean;
}

function collect(frames$: Observable<InboundFrame>, ms = 8000): Promise<Outcome> {
  return new Promise((resolve) => {
    const frames: InboundFrame[] = [];
    frames$.pipe(timeout(ms)).subscribe({
      next: (frame) => frames.push(frame),
      error: (error: unknown) => resolve({ frames, error, completed: false }),
      complete: () => resolve({ frames, completed: true }),
    });
  });
}

const keepOpen = (...frames: OutboundFrame[]): Observable<OutboundFrame> => concat(of(...frames), NEVER);

describe('stdio', () => {
  it('is a stdio transport that cancels with notifications', () => {
    const transport = server('echo-server');
    expect(transport.kind).toBe('stdio');
    expect(transport.cancellation).toBe('notification');
    expect(transport.exchange).toBeUndefined();
  });

  it('round-trips requests and completes when the server exits with code 0 after stdin closes', async () => {
    const outbound$ = of(request(1, 'tools/list'), request(2, 'ping', { a: 1 }));
    const outcome = await collect(server('echo-server').connect(outbound$));
    expect(outcome.frames).toEqual([
      { message: { jsonrpc: '2.0', id: 1, result: { echo: { method: 'tools/list' } } } },
      { message: { jsonrpc: '2.0', id: 2, result: { echo: { method: 'ping', params: { a: 1 } } } } },
    ]);
    expect(outcome.error).toBeUndefined();
    expect(outcome.completed).toBeTrue();
  });

  it('subscribes to outbound$ only once the process has spawned', async () => {
    const transport = server('echo-server');
    const spawnedPids: number[] = [];
    transport.processes$.subscribe((spawned) => spawnedPids.push(spawned.pid));
    const seenAtSubscription: number[][] = [];
    const outbound$ = defer(() => {
      seenAtSubscription.push([...spawnedPids]);
      return of(request(1, 'ping'));
    });
    const outcome = await collect(transport.connect(outbound$));
    expect(outcome.completed).toBeTrue();
    expect(spawnedPids.length).toBe(1);
    expect(seenAtSubscription).toEqual([spawnedPids]);
  });

  it('turns a stdout line that is not JSON into a malformed frame and still delivers the next frame', async () => {
    const outcome = await collect(server('malformed-server').connect(of(request(7, 'ping'))));
    expect(outcome.frames.length).toBe(2);
    expect(outcome.frames[0]?.malformed?.raw).toBe('this is not json {');
    expect(outcome.frames[1]).toEqual({ message: { jsonrpc: '2.0', id: 7, result: { method: 'ping' } } });
    expect(outcome.completed).toBeTrue();
  });

  it('decodes a response whose multi-byte character was written in two pieces', async () => {
    const outcome = await collect(server('echo-server').connect(of(request(3, 'split-utf8'))));
    expect(outcome.frames).toEqual([{ message: { jsonrpc: '2.0', id: 3, result: { text: 'héllo €uro 😀' } } }]);
  });

  it('delivers a 5 MiB message intact', async () => {
    const bytes = 5 * 1024 * 1024;
    const outcome = await collect(server('big-message').connect(of(request(1, 'big', { bytes }))));
    expect(outcome.completed).toBeTrue();
    expect(outcome.frames.length).toBe(2);
    const result = (outcome.frames[1]?.message as { result: { data: string } }).result;
    expect(result.data.length).toBe('aé€😀'.length * (bytes / 10));
    expect(result.data === 'aé€😀'.repeat(bytes / 10)).toBeTrue();
  });

  it('skips a message past maxMessageBytes as an oversized frame and keeps the connection and the server', async () => {
    const transport = server('big-message', { maxMessageBytes: 1024 * 1024 });
    const frames: InboundFrame[] = [];
    const outbound = keepOpen(request(1, 'big', { bytes: 2 * 1024 * 1024 }), request(2, 'big', { bytes: 100 }));
    const connection = transport.connect(outbound).subscribe((frame) => frames.push(frame));
    await until(() => frames.length === 4, 4000);
    connection.unsubscribe();
    const before = (id: number) => ({ message: { jsonrpc: '2.0', method: 'notifications/before', params: { id } } });
    expect(frames[0]).toEqual(before(1));
    expect(frames[1]?.malformed?.tooLarge?.limit).toBe(1024 * 1024);
    expect(frames[1]?.malformed?.raw.startsWith('{"jsonrpc":"2.0","id":1,')).toBeTrue();
    expect(frames[2]).toEqual(before(2));
    expect((frames[3]?.message as { id: number }).id).toBe(2);
  });

  it('errors with ProcessExitError (exit code and stderr tail) when the server dies mid-request', async () => {
    const outcome = await collect(server('exit-mid-request').connect(keepOpen(request(1, 'tools/call'))), 5000);
    expect(outcome.frames.map((frame) => frame.malformed?.raw)).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"par']);
    expect(ProcessExitError.is(outcome.error)).toBeTrue();
    expect(TransportError.is(outcome.error)).toBeTrue();
    const error = outcome.error as ProcessExitError;
    expect(error.name).toBe('ProcessExitError');
    expect(error.exitCode).toBe(7);
    expect(error.signal).toBeNull();
    expect(error.pid).toEqual(jasmine.any(Number));
    expect(error.stderrTail).toEqual(['handling tools/call', 'fatal: lost the connection to the database']);
    expect(error.message).toContain('exited with code 7: fatal: lost the connection to the database');
  });

  it('ends the connection at once with StdoutClosedError when the server closes its stdout but keeps running, and stops it', async () => {
    const transport = server('stdout-closed');
    const spawned = firstValueFrom(transport.processes$);
    const started = Date.now();
    const outcome = await collect(transport.connect(keepOpen(request(1, 'x'))), 4000);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(outcome.frames.map((frame) => (frame.message as { id?: number }).id)).toEqual([1]);
    expect(StdoutClosedError.is(outcome.error)).toBeTrue();
    expect(TransportError.is(outcome.error)).toBeTrue();
    expect((outcome.error as StdoutClosedError).message).toMatch(/closed its stdout but kept running \(pid \d+\): closing stdout$/);
    const exit = await firstValueFrom((await spawned).exit$.pipe(timeout(3000)));
    expect(exit.signal).toBe('SIGTERM');
  });

  it('keeps only the last 20 stderr lines in the exit error', async () => {
    const outcome = await collect(server('stderr-exit', { args: [fixtureServer('stderr-exit'), '30'] }).connect(NEVER));
    const error = outcome.error as ProcessExitError;
    expect(error.exitCode).toBe(3);
    expect(error.stderrTail.length).toBe(20);
    expect(error.stderrTail[0]).toBe('stderr line 11');
    expect(error.stderrTail[19]).toBe('stderr line 30');
  });

  it('errors with ProcessSpawnError when the command cannot start, and never subscribes to outbound$', async () => {
    let subscribed = false;
    const transport = stdio({ command: '/nonexistent/rxmcp-server' });
    const outbound$ = defer(() => {
      subscribed = true;
      return NEVER;
    });
    const outcome = await collect(transport.connect(outbound$), 3000);
    expect(ProcessSpawnError.is(outcome.error)).toBeTrue();
    expect((outcome.error as ProcessSpawnError).errno).toBe('ENOENT');
    expect((outcome.error as ProcessSpawnError).command).toBe('/nonexistent/rxmcp-server');
    expect(subscribed).toBeFalse();
    expect(transport.health()).toEqual({ alive: false, pid: undefined });
  });

  it('gives the server only the allowlisted variables plus env', async () => {
    process.env['RXMCP_SECRET'] = 'do not leak';
    try {
      const transport = server('echo-server', { env: { RXMCP_PASSED: 'yes', HOME: undefined } });
      const outcome = await collect(transport.connect(of(request(1, 'env'))));
      const env = (outcome.frames[0]?.message as { result: { env: Record<string, string> } }).result.env;
      expect(env['RXMCP_PASSED']).toBe('yes');
      expect(env['RXMCP_SECRET']).toBeUndefined();
      expect(env['HOME']).toBeUndefined();
      expect(env['PATH']).toBe(process.env['PATH'] as string);
      const allowed = [...DEFAULT_INHERITED_ENV_VARS, 'RXMCP_PASSED'];
      const unexpected = Object.keys(env).filter((name) => !allowed.includes(name));
      expect(unexpected).toEqual([]);
    } finally {
      delete process.env['RXMCP_SECRET'];
    }
  });

  it('passes the whole environment with inheritEnv: true', async () => {
    process.env['RXMCP_INHERITED'] = 'inherited';
    try {
      const transport = server('echo-server', { inheritEnv: true, env: { RXMCP_PASSED: 'yes' } });
      const outcome = await collect(transport.connect(of(request(1, 'env'))));
      const env = (outcome.frames[0]?.message as { result: { env: Record<string, string> } }).result.env;
      expect(env['RXMCP_INHERITED']).toBe('inherited');
      expect(env['RXMCP_PASSED']).toBe('yes');
    } finally {
      delete process.env['RXMCP_INHERITED'];
    }
  });

  it('runs the server in cwd', async () => {
    const cwd = fixtureServer('echo-server').replace(/[\\/][^\\/]+$/, '');
    const outcome = await collect(server('echo-server', { cwd }).connect(of(request(1, 'cwd'))));
    expect(outcome.frames).toEqual([{ message: { jsonrpc: '2.0', id: 1, result: { cwd } } }]);
  });

  it('announces each process on processes$ with its stderr lines and exit; stderr$ carries the lines', async () => {
    const transport = server('echo-server');
    const announced = firstValueFrom(transport.processes$);
    const allLines = firstValueFrom(transport.stderr$.pipe(take(1), toArray()));
    const done = collect(transport.connect(of(request(1, 'ping'))));
    const spawned = await announced;
    const lines = firstValueFrom(spawned.stderr$.pipe(toArray()));
    expect((await done).completed).toBeTrue();
    expect(await lines).toEqual(['echo server ready']);
    expect(await allLines).toEqual(['echo server ready']);
    expect(await firstValueFrom(spawned.exit$)).toEqual({ exitCode: 0, signal: null });
  });

  it('reports the health of the current process and spawns one process per subscription', async () => {
    const transport = server('echo-server');
    expect(transport.health()).toEqual({ alive: false, pid: undefined });
    const pids = firstValueFrom(transport.processes$.pipe(take(2), toArray()));
    const first = transport.connect(keepOpen()).subscribe();
    const second = transport.connect(keepOpen()).subscribe();
    const [a, b] = await pids;
    expect(a?.pid).not.toBe(b?.pid as number);
    expect(transport.health()).toEqual({ alive: true, pid: b?.pid });
    first.unsubscribe();
    second.unsubscribe();
    await firstValueFrom(b?.exit$ ?? NEVER);
    expect(transport.health()).toEqual({ alive: false, pid: b?.pid });
  });
});
