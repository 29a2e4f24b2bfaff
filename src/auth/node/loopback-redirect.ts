import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { filter, finalize, firstValueFrom, map, Observable, take, throwError, timeout } from 'rxjs';
import { AuthError } from '../errors.js';
import type { AuthorizationRequest, RedirectHandler } from '../types.js';

/** Options of `loopbackRedirect`. */
export interface LoopbackRedirectOptions {
  /** The loopback address to listen on: `127.0.0.1` (default) or `::1`. Never a public interface. */
  readonly host?: '127.0.0.1' | '::1';
  /** The port (default 0: one the system picks, then kept for later authorizations of this handler). */
  readonly port?: number;
  /** The path of the redirect URI (default `/callback`). */
  readonly path?: string;
  /** Shows the authorization URL to the user, e.g. opens a browser (default: prints it on stderr). */
  readonly open?: (url: string) => void | Promise<void>;
  /** How long the user has, in ms (default 300000). */
  readonly timeoutMs?: number;
  /** The page the browser shows after the redirect (default: a short "you can close this window"). */
  readonly successPage?: string;
}

/** The loopback redirect handler, with a way to stop listening early. */
export interface LoopbackRedirect extends RedirectHandler {
  /** Stops listening (a pending authorization fails with `AuthError('interaction')`). */
  close(): void;
}

const DEFAULT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Authorized</title><p>Authorization complete. You can close this window.</p>';

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function requests(server: Server): Observable<{ req: IncomingMessage; res: ServerResponse }> {
  return new Observable((subscriber) => {
    const onRequest = (req: IncomingMessage, res: ServerResponse) => subscriber.next({ req, res });
    const onClose = () => subscriber.error(new AuthError('interaction', 'The loopback redirect listener was closed'));
    server.on('request', onRequest);
    server.on('close', onClose);
    return () => {
      server.off('request', onRequest);
      server.off('close', onClose);
    };
  });
}

/** The listener of one handler: started on demand, on the same port as before when there was one. */
class LoopbackListener {
  private server: Server | undefined;
  private started: Promise<number> | undefined;
  readonly uriHost: string;

  constructor(
    private readonly host: string,
    private port: number,
  ) {
    this.uriHost = host === '::1' ? '[::1]' : host;
  }

  /** Starts listening (once); resolves with the port. */
  start(): Promise<number> {
    if (this.started !== undefined) return this.started;
    const created = createServer();
    created.unref();
    this.server = created;
    this.started = listen(created, this.host, this.port).then((bound) => (this.port = bound));
    this.started.catch(() => this.stop());
    return this.started;
  }

  stop(): void {
    this.server?.closeAllConnections();
    this.server?.close();
    this.server = undefined;
    this.started = undefined;
  }

  /**
   * The callback URL of the one GET to `path` that carries `state`; other requests get 404. Listens from the
   * call on (the listener must be started).
   */
  callback(path: string, state: string, options: LoopbackRedirectOptions): Promise<string> {
    const server = this.server;
    if (server === undefined) return Promise.reject(new AuthError('interaction', 'The loopback redirect listener is not running'));
    server.ref();
    const origin = `http://${this.uriHost}:${this.port}`;
    return firstValueFrom(
      requests(server).pipe(
        filter(({ req, res }) => {
          const url = new URL(req.url ?? '/', origin);
          const matches = req.method === 'GET' && url.pathname === path && url.searchParams.get('state') === state;
          if (!matches) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          return matches;
        }),
        take(1),
        map(({ req, res }) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(options.successPage ?? DEFAULT_PAGE);
          return new URL(req.url ?? '/', origin).href;
        }),
        timeout({
          first: options.timeoutMs ?? 300_000,
          with: () => throwError(() => new AuthError('interaction', 'The user did not complete the authorization in time')),
        }),
        finalize(() => this.stop()),
      ),
    );
  }
}

const printUrl = (url: string): void => void process.stderr.write(`Open this URL to authorize: ${url}\n`);

/**
 * The redirect handler of a Node agent or CLI (RFC 8252 §7.3): a one-shot HTTP listener on a loopback address
 * receives the authorization server's redirect. It starts listening when the redirect URI is first needed,
 * answers the one callback that carries the request's `state`, and stops. Other requests get 404.
 */
export function loopbackRedirect(options: LoopbackRedirectOptions = {}): LoopbackRedirect {
  const path = options.path ?? '/callback';
  const listener = new LoopbackListener(options.host ?? '127.0.0.1', options.port ?? 0);
  return {
    applicationType: 'native',
    redirectUri: async () => `http://${listener.uriHost}:${await listener.start()}${path}`,
    authorize: async (request: AuthorizationRequest) => {
      await listener.start();
      const done = listener.callback(path, request.state, options);
      await (options.open ?? printUrl)(request.url);
      return done;
    },
    close: () => listener.stop(),
  };
}
