import { BehaviorSubject } from 'rxjs';
import type {
  StreamableHttpHeadersHook,
  StreamableHttpHealth,
  StreamableHttpOptions,
  StreamableHttpRequestInit,
} from '../streamable-http-options.js';
import { type FetchLike, resolveFetch } from './fetch.js';
import { authorizedFetch } from './http-auth.js';

/** Reconnection settings with every default filled in. */
export interface ReconnectPolicy {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly growFactor: number;
  readonly maxRetries: number;
}

/** Everything one Streamable HTTP transport instance shares between its requests (per client). */
export interface HttpContext {
  readonly url: string;
  readonly fetch: FetchLike;
  /** Static headers, names lower-cased once. */
  readonly headers: Readonly<Record<string, string>>;
  readonly hook: StreamableHttpHeadersHook | undefined;
  readonly init: StreamableHttpRequestInit | undefined;
  readonly reconnect: ReconnectPolicy;
  /** The session id the server issued; `undefined` before `initialize`, after expiry and after DELETE. */
  readonly session: BehaviorSubject<string | undefined>;
  /** The session id once the server has accepted a request that carried it (the session is established). */
  readonly established: BehaviorSubject<string | undefined>;
  /** The last `MCP-Protocol-Version` a POST carried, repeated on GET and DELETE. */
  protocolVersion: string | undefined;
  readonly health: BehaviorSubject<StreamableHttpHealth>;
  /** Set by `keepSession()`: the closing connection leaves the session on the server (no `DELETE`). */
  keepSession: boolean;
}

/** What a session id may be made of (the spec: visible ASCII, 0x21 to 0x7E). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Copies `source` into `target` with lower-cased header names (later copies win, case-insensitively). */
export function copyHeaders(target: Record<string, string>, source: Readonly<Record<string, string>>): void {
  for (const name in source) {
    const value = source[name];
    if (value !== undefined) target[name.toLowerCase()] = value;
  }
}

/** Builds the per-client context of `streamableHttp(url, options)`. */
export function createHttpContext(url: string | URL, options: StreamableHttpOptions): HttpContext {
  const headers: Record<string, string> = {};
  if (options.headers) copyHeaders(headers, options.headers);
  const reconnect = options.reconnect ?? {};
  const joined = options.sessionId !== undefined && VISIBLE_ASCII.test(options.sessionId) ? options.sessionId : undefined;
  return {
    url: String(url),
    fetch: authorizedFetch(resolveFetch(options.fetch), options.auth, String(url)),
    headers,
    hook: options.requestHeaders,
    init: options.requestInit,
    reconnect: {
      initialDelayMs: reconnect.initialDelayMs ?? 1000,
      maxDelayMs: reconnect.maxDelayMs ?? 30_000,
      growFactor: reconnect.growFactor ?? 1.5,
      maxRetries: reconnect.maxRetries ?? 3,
    },
    session: new BehaviorSubject<string | undefined>(joined),
    established: new BehaviorSubject<string | undefined>(undefined),
    protocolVersion: undefined,
    health: new BehaviorSubject<StreamableHttpHealth>({ sessionId: joined, getStream: 'off', lastError: undefined }),
    keepSession: false,
  };
}

/** Merges `change` into the health state and publishes it. */
export function reportHealth(ctx: HttpContext, change: Partial<StreamableHttpHealth>): void {
  ctx.health.next({ ...ctx.health.value, ...change });
}

/** Records the session id the server issued (visible ASCII only, as the spec requires; others are ignored). */
export function captureSession(ctx: HttpContext, sessionId: string | null): void {
  if (sessionId === null || sessionId === ctx.session.value || !VISIBLE_ASCII.test(sessionId)) return;
  if (ctx.established.value !== undefined) ctx.established.next(undefined);
  ctx.session.next(sessionId);
  reportHealth(ctx, { sessionId });
}

/** Marks the session established once a request that carried it succeeded. */
export function confirmSession(ctx: HttpContext, sentSessionId: string | undefined): void {
  if (sentSessionId === undefined || sentSessionId !== ctx.session.value) return;
  if (ctx.established.value !== sentSessionId) ctx.established.next(sentSessionId);
}

/** Forgets `sessionId` if it is still the current one (expiry, DELETE). */
export function forgetSession(ctx: HttpContext, sessionId: string | undefined): void {
  if (sessionId === undefined || ctx.session.value !== sessionId) return;
  ctx.session.next(undefined);
  if (ctx.established.value !== undefined) ctx.established.next(undefined);
  reportHealth(ctx, { sessionId: undefined });
}

/** The delay before reconnection attempt `attempt` (0-based): the server's `retry` wins, else backoff. */
export function reconnectDelay(policy: ReconnectPolicy, retryMs: number | undefined, attempt: number): number {
  if (retryMs !== undefined) return retryMs;
  return Math.min(policy.initialDelayMs * policy.growFactor ** attempt, policy.maxDelayMs);
}
