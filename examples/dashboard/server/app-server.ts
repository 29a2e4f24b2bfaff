import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running MCP App server from npm. */
export interface AppServer {
  /** Its MCP endpoint on 127.0.0.1. */
  readonly url: string;
  /** Stops the process and resolves once it has exited. */
  close(): Promise<void>;
}

const PRELOAD = fileURLToPath(new URL('./loopback.mjs', import.meta.url));

/** The command of `@modelcontextprotocol/server-basic-vanillajs`, the MCP Apps example server (a `get-time` tool). */
function entryOf(pkg: string): string {
  // The package exports only its server module (dist/server.js); its command (`bin`) sits beside it.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(pkg)), 'index.js');
}

function portOf(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the MCP App server did not listen within ${timeoutMs} ms: ${seen}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (seen.length < 10_000) seen += chunk.toString();
      const match = /LOOPBACK_PORT (\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the MCP App server exited (${code}) before listening: ${seen}`));
    });
  });
}

/**
 * Starts the npm package `@modelcontextprotocol/server-basic-vanillajs` as it ships (Streamable HTTP, its own CORS),
 * bound to 127.0.0.1 by a preload: it listens on every interface by itself.
 */
export async function startAppServer(options: { port?: number; pkg?: string; timeoutMs?: number } = {}): Promise<AppServer> {
  const entry = entryOf(options.pkg ?? '@modelcontextprotocol/server-basic-vanillajs');
  const child = spawn(process.execPath, ['--import', PRELOAD, entry], {
    env: { PATH: process.env['PATH'] ?? '', PORT: String(options.port ?? 0) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await portOf(child, options.timeoutMs ?? 15_000);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
