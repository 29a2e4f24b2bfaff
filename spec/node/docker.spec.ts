import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { concat, filter, firstValueFrom, interval, map, NEVER, type Observable, of, timeout } from 'rxjs';
import { docker, type DockerOptions } from '../../src/node/docker.js';
import { ProcessExitError } from '../../src/node/stdio.js';
import type { InboundFrame, OutboundFrame } from '../../src/transport/types.js';
import { fixtureServer } from '../fixtures/servers/paths.js';

const ping: OutboundFrame = { message: { jsonrpc: '2.0', id: 1, method: 'ping' } };

/**
 * A stand-in `docker` for the argument lists alone: records each argv as one JSON line, runs the fixture server named
 * by the image. What the transport does with containers is in docker-engine*.spec.ts, against a real engine.
 */
function writeStandIn(dir: string, log: string): string {
  const images = {
    'rxmcp/echo': fixtureServer('echo-server'),
    'rxmcp/exit-mid-request': fixtureServer('exit-mid-request'),
  };
  const script = join(dir, 'stand-in.mjs');
  writeFileSync(
    script,
    [
      "import { appendFileSync } from 'node:fs';",
      "import { pathToFileURL } from 'node:url';",
      'const args = process.argv.slice(2);',
      `appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');`,
      `const images = ${JSON.stringify(images)};`,
      "const at = args.findIndex((arg) => arg in images);",
      "if (args[0] === 'run' && at !== -1) {",
      '  process.argv = [process.argv[0], images[args[at]], ...args.slice(at + 1)];',
      '  await import(pathToFileURL(images[args[at]]).href);',
      '}',
    ].join('\n'),
  );
  const executable = join(dir, 'docker');
  writeFileSync(executable, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`);
  chmodSync(executable, 0o755);
  return executable;
}

function collect(frames$: Observable<InboundFrame>): Promise<{ frames: InboundFrame[]; error?: unknown }> {
  return new Promise((resolve) => {
    const frames: InboundFrame[] = [];
    frames$.pipe(timeout(8000)).subscribe({
      next: (frame) => frames.push(frame),
      error: (error: unknown) => resolve({ frames, error }),
      complete: () => resolve({ frames }),
    });
  });
}

describe('docker', () => {
  let dir: string;
  let log: string;
  let executable: string;

  const calls = (): string[][] => {
    if (!existsSync(log)) return [];
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    return lines.map((line) => JSON.parse(line) as string[]);
  };
  const callsWhen = (done: (all: string[][]) => boolean): Promise<string[][]> =>
    firstValueFrom(interval(20).pipe(map(calls), filter(done), timeout(4000)));
  const onPath = (options: DockerOptions): DockerOptions => ({
    ...options,
    dockerEnv: { PATH: `${dir}:${process.env['PATH'] ?? ''}` },
  });

  beforeEach(() => {
    mkdirSync('.tmp', { recursive: true });
    dir = mkdtempSync(join(process.cwd(), '.tmp', 'docker-'));
    log = join(dir, 'calls.jsonl');
    executable = writeStandIn(dir, log);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs docker run -i --rm with name, env, volumes, run args, image and args, and round-trips', async () => {
    const transport = docker(
      onPath({
        image: 'rxmcp/echo',
        args: ['--verbose'],
        env: { API_KEY: 'k-1', GREETING: 'two words' },
        volumes: [
          '/srv/data:/data:ro',
          { host: '/srv/cache', container: '/cache' },
          { host: '/a', container: '/b', readOnly: true },
        ],
        name: 'mcp-test',
        runArgs: ['--network', 'none'],
      }),
    );
    expect(transport.kind).toBe('docker');
    expect(transport.cancellation).toBe('notification');
    const outcome = await collect(transport.connect(of(ping)));
    expect(outcome.error).toBeUndefined();
    expect(outcome.frames).toEqual([{ message: { jsonrpc: '2.0', id: 1, result: { echo: { method: 'ping' } } } }]);
    expect(calls()).toEqual([
      [
        'run', '-i', '--rm', '--name', 'mcp-test',
        '-e', 'API_KEY=k-1', '-e', 'GREETING=two words',
        '-v', '/srv/data:/data:ro', '-v', '/srv/cache:/cache', '-v', '/a:/b:ro',
        '--network', 'none',
        'rxmcp/echo', '--verbose',
      ],
    ]);
  });

  it('uses dockerPath and a fresh rxmcp-<random> name per connection, with no cleanup after a clean exit', async () => {
    const transport = docker({ image: 'rxmcp/echo', dockerPath: executable });
    expect((await collect(transport.connect(of(ping)))).error).toBeUndefined();
    expect((await collect(transport.connect(of(ping)))).error).toBeUndefined();
    const names = calls().map((args) => args[4]);
    expect(names.length).toBe(2);
    expect(names[0]).toMatch(/^rxmcp-[0-9a-f]{12}$/);
    expect(names[1]).toMatch(/^rxmcp-[0-9a-f]{12}$/);
    expect(names[0]).not.toBe(names[1] as string);
    await firstValueFrom(interval(300));
    expect(calls().filter((args) => args[0] === 'rm')).toEqual([]);
  });

  it('runs docker rm -f <name> when docker exits with an error', async () => {
    const transport = docker(onPath({ image: 'rxmcp/exit-mid-request', name: 'mcp-crash' }));
    const outcome = await collect(transport.connect(concat(of(ping), NEVER)));
    expect(ProcessExitError.is(outcome.error)).toBeTrue();
    expect((outcome.error as ProcessExitError).exitCode).toBe(7);
    expect((outcome.error as ProcessExitError).command).toBe('docker');
    const all = await callsWhen((recorded) => recorded.length >= 2);
    expect(all[1]).toEqual(['rm', '-f', 'mcp-crash']);
  });
});
