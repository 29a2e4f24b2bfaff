// What a browser says when it cannot reach a server is only `Failed to fetch` (Chromium), `NetworkError when
// attempting to fetch resource` (Firefox) or `Load failed` (Safari): a server that sends no CORS headers and a server
// that is down look the same. A page that never reached the server says so plainly, naming CORS, stops retrying,
// and (under `rxmcp ui`) offers its backend's HTTP relay, which is not bound by CORS.
import { catchError, filter, take, takeWhile, tap, throwError } from 'rxjs';
import { TransportError, type Client, type Transport } from 'rxmcp';
import type { InboundFrame } from 'rxmcp/session';

const BROWSER_FAILURE = /Failed to fetch|NetworkError when attempting to fetch|Load failed/i;

/** Whether `error` (or its cause) is the browser's failure to make a request at all. */
export function isBrowserFetchFailure(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at !== undefined && at !== null && depth < 5; depth += 1) {
    if (BROWSER_FAILURE.test(String((at as { message?: unknown }).message ?? ''))) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/** What the page shows for a server it never reached. */
export interface BrowserBlock {
  readonly message: string;
  /** The same server through `rxmcp ui`'s relay, when the page is served by it. */
  readonly relayUrl: string | undefined;
}

const blocks = new WeakMap<Client, BrowserBlock>();
let relayBase: string | undefined;

/** The backend's relay (`config.json`'s `relay`), when the page is served by `rxmcp ui`. */
export function setRelayBase(base: string | undefined): void {
  relayBase = base;
}

/** The relay URL of `url`, or `undefined` without a backend (or for a URL that already goes through it). */
export function relayUrlOf(url: string): string | undefined {
  if (relayBase === undefined || url.startsWith(relayBase) || !/^https?:/i.test(url)) return undefined;
  return `${relayBase}?url=${encodeURIComponent(url)}`;
}

/** The message for a server at `url` the browser could not reach. */
export function blockedMessage(url: string): string {
  const origin = /^https?:/i.test(url) ? new URL(url).origin : url;
  return `The browser could not reach ${origin}: it sends no CORS headers that allow this page (or it is not running; the browser only says "Failed to fetch"). Not retrying.`;
}

/** Why `client` stopped before it ever connected, when the browser could not reach its server. */
export const browserBlock = (client: Client | undefined): BrowserBlock | undefined => (client === undefined ? undefined : blocks.get(client));

/**
 * Wraps an HTTP transport: until a first frame arrives, a browser failure becomes a `TransportError` naming CORS.
 * Once the server answered, failures stay as they are (a server that restarts is reached again by reconnecting).
 */
export function namingCors(transport: Transport, url: string): { transport: Transport; reached: () => boolean } {
  let reached = false;
  const flag = (error: unknown): TransportError | unknown => (!reached && isBrowserFetchFailure(error) ? new TransportError(blockedMessage(url), { cause: error }) : error);
  // A message from the server proves it reachable; a frame reporting a failed request does not.
  const seen = (frame: InboundFrame): void => {
    if (frame.message !== undefined) reached = true;
  };
  const wrapped: Transport = {
    ...transport,
    connect: (outbound$) => transport.connect(outbound$).pipe(tap(seen), catchError((error: unknown) => throwError(() => flag(error)))),
  };
  if (transport.exchange !== undefined) {
    const exchange = transport.exchange.bind(transport);
    (wrapped as { exchange: Transport['exchange'] }).exchange = (frame) => exchange(frame).pipe(tap(seen), catchError((error: unknown) => throwError(() => flag(error))));
  }
  return { transport: wrapped, reached: () => reached };
}

/**
 * Stops `client` when the browser could not reach its server before it ever connected: the client is closed (no
 * retrying forever) and the reason kept for `browserBlock(client)`.
 */
export function stopWhenBlocked(client: Client, url: string, reached: () => boolean): void {
  client.state$
    .pipe(
      takeWhile((state) => state.status !== 'ready' && state.status !== 'closed'),
      filter((state) => !reached() && 'error' in state && state.error !== undefined && isBrowserFetchFailure(state.error)),
      take(1),
    )
    .subscribe(() => {
      blocks.set(client, { message: blockedMessage(url), relayUrl: relayUrlOf(url) });
      client.close();
    });
}
