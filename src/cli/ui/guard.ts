// Who may talk to `rxmcp ui`'s backend: the page it served, on this machine, holding this run's token. Every request
// and every WebSocket is checked here before anything else happens.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What a request is checked against: the run's token and the port the backend listens on. */
export interface Gate {
  /** The random token of this run (in the printed URL). */
  readonly token: string;
  /** The page's port on 127.0.0.1. */
  readonly port: number;
}

/** A refused request: the status to answer (always 403) and the reason, for the log. */
export interface Refusal {
  readonly status: 403;
  readonly reason: string;
}

/** A fresh token: 32 random bytes, hex (64 characters). */
export const newToken = (): string => randomBytes(32).toString('hex');

/** The cookie that carries the token after the first page load (one per port: cookies ignore ports). */
export const tokenCookie = (port: number): string => `rxmcp-ui-${port}`;

/** The `Host` values the backend answers to: its own loopback address and port, nothing a DNS name could rebind. */
const hostsOf = (port: number): readonly string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

/** The page's own origins; a request from any other origin comes from another site. */
export const originsOf = (port: number): readonly string[] => hostsOf(port).map((host) => `http://${host}`);

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(header: string | undefined, port: number): string | undefined {
  const name = `${tokenCookie(port)}=`;
  return header?.split(';').map((part) => part.trim()).find((part) => part.startsWith(name))?.slice(name.length);
}

/** The token a request carries: `?token=` in its URL, else the page's cookie. */
export function tokenOf(url: URL, headers: IncomingHttpHeaders, port: number): string | undefined {
  return url.searchParams.get('token') ?? cookieToken(headers.cookie, port);
}

const refuse = (reason: string): Refusal => ({ status: 403, reason });

/**
 * Checks one request (or WebSocket upgrade): `Host` must be the backend's own loopback address (a DNS rebinding
 * attack sends its own name), `Origin`, when the browser sends one, the page's own origin (a cross-site page sends
 * its own), and the token the right one. The refusal, or `undefined` when the request may go on.
 */
export function check(url: URL, headers: IncomingHttpHeaders, gate: Gate): Refusal | undefined {
  const host = headers.host ?? '';
  if (!hostsOf(gate.port).includes(host.toLowerCase())) return refuse(`Host "${host}" is not this backend (DNS rebinding?)`);
  const origin = headers.origin;
  if (origin !== undefined && !originsOf(gate.port).includes(origin.toLowerCase())) return refuse(`Origin "${origin}" is not the page's own (a cross-site page?)`);
  const token = tokenOf(url, headers, gate.port);
  if (token === undefined || token === '') return refuse('no token');
  if (!sameSecret(token, gate.token)) return refuse('wrong token');
  return undefined;
}

/** Only the sandbox's own `Host` (its files are public, but a rebound name gets nothing either). */
export function checkHost(headers: IncomingHttpHeaders, port: number): Refusal | undefined {
  const host = headers.host ?? '';
  return hostsOf(port).includes(host.toLowerCase()) ? undefined : refuse(`Host "${host}" is not this sandbox (DNS rebinding?)`);
}

/** Whether `host` is a loopback address `rxmcp ui` may bind to. */
export const isLoopbackHost = (host: string): boolean => ['127.0.0.1', 'localhost'].includes(host.toLowerCase());
