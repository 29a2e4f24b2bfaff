import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './stop-child.js';

/** Where Debian installs nginx (`apt-get install nginx`; `.ci/run` does it when missing). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? 'nginx';

/** A running nginx in front of some upstream servers. */
export interface RunningNginx {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Its error log so far (for failure messages). */
  errorLog(): Promise<string>;
  /** Reloads the configuration (SIGHUP): new workers, which forget which upstreams failed. */
  reload(): Promise<void>;
  /** Stops nginx (SIGQUIT, then SIGKILL after 2 s) and removes its folder. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The configuration of a round-robin load balancer for MCP over Streamable HTTP: no session affinity, HTTP/1.1 with
 * keep-alive to the upstreams, event streams passed through unbuffered, long reads allowed for listen streams.
 * A failed upstream is taken out for `fail_timeout` after one failure; a request that could not be sent to one is
 * passed to the next (nginx never re-sends a POST it has already sent).
 */
function configuration(dir: string, port: number, upstreams: readonly string[]): string {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `${user}
worker_processes 1;
worker_shutdown_timeout 1s;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client-body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream mcp {
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=30s;`).join('\n')}
    keepalive 64;
    # Below Node's server keep-alive timeout (5 s): nginx never reuses a connection the upstream is closing.
    keepalive_timeout 2s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mcp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_cache off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function untilAccepting(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await accepting(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`);
}


/** Starts nginx on a free port of 127.0.0.1 as a child process, balancing round-robin over `upstreams` (host:port). */
export async function startNginx(upstreams: readonly string[]): Promise<RunningNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'rxmcp-nginx-'));
  const port = await freePort();
  await writeFile(join(dir, 'nginx.conf'), configuration(dir, port, upstreams));
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4096)));
  const errorLog = () => readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
  const stop = async () => {
    await stopChild(child, 'SIGQUIT');
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await untilAccepting(port, child, 5000);
  } catch (error) {
    const log = await errorLog();
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}\n${log}`);
  }
  const reload = async () => {
    child.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  return { origin: `http://127.0.0.1:${port}`, errorLog, reload, stop };
}
