// The reference server @modelcontextprotocol/server-everything, as the Node specs start it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './nginx.js';

/** The server's entry file (`node <entry> stdio | sse | streamableHttp`). */
export const EVERYTHING_ENTRY = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A running server-everything in an HTTP mode. */
export interface EverythingHttp {
  readonly port: number;
  /** The Streamable HTTP endpoint (`/mcp`) on 127.0.0.1. */
  readonly url: string;
  readonly child: ChildProcess;
}

/**
 * Starts server-everything in an HTTP mode on a free port (it listens on every interface) and resolves once it
 * says it listens; rejects if it exits first or says nothing within 10 s.
 */
export async function startEverythingHttp(mode: 'sse' | 'streamableHttp'): Promise<EverythingHttp> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 10_000);
    const onData = (chunk: Buffer): void => {
      if (/listening on port|running on port/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
  });
  return { port, url: `http://127.0.0.1:${port}/mcp`, child };
}
