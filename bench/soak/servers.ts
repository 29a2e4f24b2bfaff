// The servers of `npm run soak`: the bundled example server (examples/server), bundled once with esbuild into
// .tmp/soak/ so that each of the many restarts costs a plain `node` start, not a TypeScript compile.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SOAK_DIR = `${ROOT}.tmp/soak`;
const SERVER_DIR = `${ROOT}examples/server`;

/** The example files start a server when run directly; in a bundle every module would think it is the one run. */
const noMainModule: Plugin = {
  name: 'no-main-module',
  setup(plugin) {
    plugin.onResolve({ filter: /\/main\.js$/ }, () => ({ path: 'main', namespace: 'soak-main' }));
    plugin.onLoad({ filter: /.*/, namespace: 'soak-main' }, () => ({ contents: 'export const isMainModule = () => false;', loader: 'js' }));
  },
};

const ENTRIES = {
  stdio: `import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createExampleServer, defaultExampleState } from './example-server.js';
const state = defaultExampleState();
serveStdio((context) => createExampleServer({ ...context, state }), { onerror: (error) => console.error('example server:', error.message) });`,
  http: `import { startExampleHttpServer } from './http.js';
const running = await startExampleHttpServer({ port: Number(process.argv[2] ?? 0) });
console.log('LISTENING ' + running.url);
process.once('SIGTERM', () => running.close().finally(() => process.exit(0)));`,
  stateless: `import { startStatelessExampleServer } from './stateless.js';
const [port, journal, instance] = process.argv.slice(2);
const running = await startStatelessExampleServer({ port: Number(port), journal, instance, key: process.env.EXAMPLE_STATE_KEY ?? '' });
console.log('LISTENING ' + running.url);
process.once('SIGTERM', () => running.close().finally(() => process.exit(0)));`,
} as const;

export type ServerKind = keyof typeof ENTRIES;

/** Bundles the three server entries; returns the path of each. */
export async function bundleServers(): Promise<Record<ServerKind, string>> {
  mkdirSync(SOAK_DIR, { recursive: true });
  const out = {} as Record<ServerKind, string>;
  for (const kind of Object.keys(ENTRIES) as ServerKind[]) {
    out[kind] = `${SOAK_DIR}/${kind}-server.mjs`;
    await build({
      stdin: { contents: ENTRIES[kind], resolveDir: SERVER_DIR, loader: 'ts', sourcefile: `${kind}-entry.ts` },
      bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: out[kind], logLevel: 'warning',
      plugins: [noMainModule],
    });
  }
  return out;
}

/** An HTTP server process that can be killed and started again on the same port. */
export class HttpServerProcess {
  private child: ChildProcess | undefined;
  port = 0;

  constructor(private readonly file: string, private readonly args: (port: number) => string[] = (port) => [String(port)], private readonly env: Record<string, string> = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts the process (on the port it had before, after the first start) and waits for its LISTENING line. */
  start(): Promise<void> {
    const child = spawn(process.execPath, [this.file, ...this.args(this.port)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...this.env } });
    this.child = child;
    return new Promise((resolve, reject) => {
      let seen = '';
      const onExit = (code: number | null) => reject(new Error(`${this.file} exited with ${code} before listening`));
      child.once('exit', onExit);
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        seen += chunk;
        const match = /LISTENING http:\/\/127\.0\.0\.1:(\d+)\//.exec(seen);
        if (match === null) return;
        child.off('exit', onExit);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        this.port = Number(match[1]);
        resolve();
      });
    });
  }

  /** Kills the process at once (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  /** Stops the process (SIGTERM by default) and waits for it to be gone. */
  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}
