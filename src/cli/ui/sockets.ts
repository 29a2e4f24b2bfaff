// The WebSocket side of `rxmcp ui`'s backend: `/stdio/<id>` relays a server of the catalog, `/spawn?entry=…` a
// command the page names (only with --allow-spawn). Every upgrade passes the guard first.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { launchableAt, type Catalog } from './catalog.js';
import { check, type Gate } from './guard.js';
import { relayToProcess, type Launchable, type Relay } from './relay.js';

/** What the socket side needs. */
export interface SocketDeps {
  readonly gate: Gate;
  readonly catalog: Catalog;
  /** `--allow-spawn`: the page may name a command of its own. */
  readonly allowSpawn: boolean;
  readonly inheritEnv: boolean;
  readonly log: (line: string) => void;
}

const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isRecord = (value: unknown): value is Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');

/** `?entry={"command":…,"args":[…],"env":{…},"cwd":…}` as something to spawn, or why not. */
export function pageEntry(url: URL, inheritEnv: boolean): Launchable | string {
  let entry: { command?: unknown; args?: unknown; env?: unknown; cwd?: unknown };
  try {
    entry = JSON.parse(url.searchParams.get('entry') ?? '') as typeof entry;
  } catch {
    return 'entry is not JSON';
  }
  if (typeof entry.command !== 'string' || entry.command === '') return 'entry has no command';
  const args = entry.args ?? [];
  const env = entry.env ?? {};
  if (!strings(args) || !isRecord(env) || (entry.cwd !== undefined && typeof entry.cwd !== 'string')) return 'entry has bad args, env or cwd';
  const server = { command: entry.command, args, env, cwd: entry.cwd as string | undefined };
  return { label: [entry.command, ...args].join(' '), server, inheritEnv };
}

function launchFor(url: URL, deps: SocketDeps): Launchable | string {
  const stdio = /^\/stdio\/([^/]+)$/.exec(url.pathname);
  if (stdio !== null) return launchableAt(deps.catalog, stdio[1] as string) ?? `no server ${stdio[1]} in the catalog`;
  if (url.pathname !== '/spawn') return `no socket at ${url.pathname}`;
  if (!deps.allowSpawn) return 'the command is not listed (on the command line or in a configuration file): start rxmcp ui with --allow-spawn to run it';
  return pageEntry(url, deps.inheritEnv);
}

function deny(socket: Duplex, status: 403 | 404, log: (line: string) => void, why: string): void {
  log(`refused a WebSocket (${status}): ${why}`);
  socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${why}`);
}

/** The upgrade handler of the page's server, and a way to end every relay (and await the processes' exits). */
export function socketSide(deps: SocketDeps): { upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void; close: () => Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('mcp') ? 'mcp' : false) });
  const relays = new Set<Relay>();
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = check(url, req.headers, deps.gate);
    if (refusal !== undefined) return deny(socket, 403, deps.log, refusal.reason);
    const launch = launchFor(url, deps);
    if (typeof launch === 'string') return deny(socket, launch.startsWith('no ') ? 404 : 403, deps.log, launch);
    wss.handleUpgrade(req, socket, head, (ws) => {
      // A relay stays listed after its socket closed until its process has exited (stdin closed, then SIGTERM after
      // a grace): stopping must wait for those too, or the backend exits and leaves them behind.
      for (const ended of relays) if (!ended.alive()) relays.delete(ended);
      relays.add(relayToProcess(ws, launch, deps.log));
    });
  };
  const close = async (): Promise<void> => {
    const running = [...relays];
    for (const client of wss.clients) client.close(1001, 'rxmcp ui is stopping');
    for (const relay of running) relay.stop();
    wss.close();
    for (let waited = 0; waited < 5000 && running.some((relay) => relay.alive()); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { upgrade, close };
}
