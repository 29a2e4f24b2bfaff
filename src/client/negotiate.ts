import { catchError, concat, defer, ignoreElements, map, mergeMap, of, throwError, type Observable } from 'rxjs';
import { NegotiationError, RequestTimeoutError, RpcError, SchemaError, TransportError } from '../errors/errors.js';
import type { DiscoverResult, InitializeResult } from '../protocol/model/lifecycle.js';
import type { Implementation } from '../protocol/model/metadata.js';
import { revisionOf } from '../protocol/revisions.js';
import {
  LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, acceptLegacyVersion, pickVersion,
  type LegacyProtocolVersion, type ProtocolVersion,
} from '../protocol/versions.js';
import type { Connection, Params } from '../session/types.js';
import { clientCapabilities } from './capabilities.js';
import { decodeResult } from '../protocol/codec.js';
import { encodeRequestParams } from '../protocol/encode.js';
import type { Envelope } from './envelope.js';
import type { NegotiationRequest } from './links/negotiation-chain.js';
import type { ClientOptions, JoinedSession, ServerSession } from './types.js';
import { wirePolicy, type WirePolicy } from './wire-policy.js';

/** The outcome of negotiation: what the server offers, and how every later request of the connection travels. */
export interface Negotiated {
  readonly server: ServerSession;
  readonly policy: WirePolicy;
  /** The `server/discover` result negotiation read, when it read one (a warm start keeps it by its cache hints). */
  readonly discovered?: DiscoverResult;
}

/** JSON-RPC codes that only a 2026-07-28 server sends: they prove the server is modern. */
const MODERN_CODES = new Set([-32020, -32021, -32022]);
/** HTTP statuses with which a legacy Streamable HTTP server refuses a modern request. */
const LEGACY_HTTP_STATUSES = new Set([400, 404, 405]);
/** Default wait for the `server/discover` probe. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;

/** What negotiation needs: the connection it runs on, the client's options, and whether requests get own streams. */
export interface NegotiationContext {
  readonly connection: Connection;
  readonly options: ClientOptions;
  readonly clientInfo: Implementation;
  /** Whether the transport can give each request its own stream on this connection (asked after each answer). */
  exchangeable(): boolean;
  /** Sends a request of the negotiation on the connection, through the client's links. */
  readonly request: NegotiationRequest;
}

/** The wire policy of `version` on the context's connection. */
export function policyFor(context: NegotiationContext, version: ProtocolVersion): WirePolicy {
  const revision = revisionOf(version);
  const envelope: Envelope = {
    version,
    capabilities: clientCapabilities(context.options, revision),
    clientInfo: context.clientInfo,
    logLevel: revision.logLevel === 'meta' ? context.options.logLevel : undefined,
  };
  return wirePolicy(revision, envelope, context.exchangeable());
}

function serverInfoOf(result: { readonly _meta?: Readonly<Record<string, unknown>> }): Implementation | undefined {
  return result._meta?.['io.modelcontextprotocol/serverInfo'] as Implementation | undefined;
}

function discover(context: NegotiationContext, version: ProtocolVersion, probeMs?: number): Observable<Negotiated> {
  const policy = policyFor(context, version);
  const params = {};
  const options = policy.requestOptions('server/discover', params, { timeout: probeMs === undefined ? false : { firstMs: probeMs } });
  return context.request('server/discover', params, options).pipe(
    map((raw) => decodeResult(version, 'server/discover', raw) as DiscoverResult),
    mergeMap((result) => {
      const chosen = pickVersion(result.supportedVersions, { era: 'modern' });
      if (chosen === undefined) return legacyOrFail(context, result.supportedVersions);
      const server: ServerSession = {
        era: 'modern', protocolVersion: chosen, serverInfo: serverInfoOf(result), capabilities: result.capabilities,
        instructions: result.instructions, supportedVersions: result.supportedVersions,
      };
      return of({ server, policy: policyFor(context, chosen), discovered: result });
    }),
  );
}

function legacyOrFail(context: NegotiationContext, offered: readonly unknown[]): Observable<Negotiated> {
  const legacy = pickVersion(offered, { era: 'legacy' });
  if (legacy !== undefined) return initialize(context, legacy as LegacyProtocolVersion, false);
  return throwError(() => new NegotiationError(`No protocol revision in common with the server (it offers ${JSON.stringify(offered)})`, {
    offered: offered.filter((v): v is string => typeof v === 'string'),
  }));
}

/** The `initialize` handshake proposing `proposal` (exactly it when `exact`), then `notifications/initialized`. */
export function initialize(context: NegotiationContext, proposal: LegacyProtocolVersion, exact: boolean): Observable<Negotiated> {
  const proposed = policyFor(context, proposal);
  const { envelope } = proposed;
  // Shaped for the proposed revision: fields it does not define (newer clientInfo fields, ...) are left out.
  const params = encodeRequestParams(proposal, 'initialize', { protocolVersion: proposal, capabilities: envelope.capabilities, clientInfo: context.clientInfo });
  // initialize MUST NOT be cancelled: the caller may stop waiting, nothing goes on the wire. The connect bound limits
  // it. No protocol header either: the revision is what initialize negotiates.
  const options = { timeout: false as const, cancellable: false };
  return context.request('initialize', params as unknown as Params, options).pipe(
    map((raw) => decodeResult(proposal, 'initialize', raw) as InitializeResult),
    mergeMap((result) => {
      const accepted = acceptLegacyVersion(result.protocolVersion);
      if (accepted === undefined || (exact && accepted !== proposal)) {
        return throwError(() => new NegotiationError(`The server answered initialize with revision ${JSON.stringify(result.protocolVersion)}, which the client does not accept`, {
          offered: [String(result.protocolVersion)],
        }));
      }
      const policy = policyFor(context, accepted);
      const server: ServerSession = {
        era: 'legacy', protocolVersion: accepted, serverInfo: result.serverInfo, capabilities: result.capabilities ?? {},
        instructions: result.instructions, supportedVersions: [accepted],
      };
      const headers = policy.notificationHeaders('notifications/initialized');
      const initialized$ = context.connection.notify('notifications/initialized', undefined, headers ? { headers } : {});
      return concat(initialized$.pipe(ignoreElements()), of({ server, policy }));
    }),
  );
}

/**
 * True when a failed probe shows a legacy server (anything but proof of modernity or a dead connection). An
 * answer that is not a `DiscoverResult` counts as legacy too: some legacy servers answer every method they do
 * not know with an empty result.
 */
function provesLegacy(error: unknown): boolean {
  if (RpcError.is(error)) return !MODERN_CODES.has((error as RpcError).rpcCode);
  if (RequestTimeoutError.is(error) || SchemaError.is(error)) return true;
  return TransportError.is(error) && LEGACY_HTTP_STATUSES.has((error as TransportError).status ?? 0);
}

function offeredBy(error: RpcError): readonly unknown[] {
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  return Array.isArray(supported) ? supported : [];
}

function retryWithSupported(context: NegotiationContext, error: RpcError): Observable<Negotiated> {
  const modern = pickVersion(offeredBy(error), { era: 'modern' });
  return modern === undefined ? legacyOrFail(context, offeredBy(error)) : discover(context, modern);
}

/**
 * `modern` and pinned 2026-07-28: `server/discover` only. A `-32022` is retried once with a modern version the
 * server lists; when pinned, only with the pinned version, and only when the server lists it.
 */
function modernOnly(context: NegotiationContext, version: ProtocolVersion, pinned: boolean): Observable<Negotiated> {
  return discover(context, version).pipe(
    catchError((error: unknown) => {
      if (!RpcError.is(error) || (error as RpcError).rpcCode !== -32022) return throwError(() => error);
      const retry = pinned ? offeredBy(error as RpcError).find((v) => v === version) : pickVersion(offeredBy(error as RpcError), { era: 'modern' });
      return retry === undefined ? throwError(() => error) : discover(context, retry as ProtocolVersion);
    }),
  );
}

/** `auto`: the `server/discover` probe, then `initialize` when the server shows itself legacy. */
export function auto(context: NegotiationContext): Observable<Negotiated> {
  const probeMs = context.options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  return discover(context, LATEST_PROTOCOL_VERSION, probeMs).pipe(
    catchError((error: unknown) => {
      if (RpcError.is(error) && (error as RpcError).rpcCode === -32022) return retryWithSupported(context, error as RpcError);
      if (provesLegacy(error)) return initialize(context, LATEST_LEGACY_PROTOCOL_VERSION, false);
      return throwError(() => error);
    }),
  );
}

/** Without the era probe, when the server's card names a revision rxmcp speaks (`ClientOptions.serverCard`). */
function fromCard(context: NegotiationContext): Observable<Negotiated> | undefined {
  const named = context.options.serverCard?.remotes?.flatMap((remote) => remote.supportedProtocolVersions ?? []) ?? [];
  const modern = pickVersion(named, { era: 'modern' });
  if (modern !== undefined) return modernOnly(context, modern, false);
  const legacy = pickVersion(named, { era: 'legacy' });
  return legacy === undefined ? undefined : initialize(context, legacy as LegacyProtocolVersion, false);
}

/** A joined session (`ClientOptions.joinSession`): what it says, without a request; a 2026-07-28 revision has no sessions. */
function joined(context: NegotiationContext, session: JoinedSession): Observable<Negotiated> {
  const version = session.protocolVersion;
  if (revisionOf(version).handshake !== 'initialize') {
    return throwError(() => new NegotiationError(`A session of MCP ${version} cannot be joined: the revision has no sessions`));
  }
  const server: ServerSession = {
    era: 'legacy', protocolVersion: version, serverInfo: session.serverInfo, capabilities: session.capabilities ?? {},
    instructions: undefined, supportedVersions: [version], joined: true,
  };
  return of({ server, policy: policyFor(context, version) });
}

/**
 * Agrees on a protocol revision over one connection (every request goes on that connection only), per
 * `options.protocol`:
 * - `auto`: probe with `server/discover`; a `DiscoverResult` means 2026-07-28; `-32022` means modern, retried
 *   with a listed version; any other error, an answer that is not a `DiscoverResult`, a 400/404/405 HTTP answer
 *   or no reply within the probe timeout means legacy: `initialize` proposing 2025-11-25 (an older revision the
 *   server answers with is accepted), then `notifications/initialized`.
 * - `modern` / `legacy`: only that era. `{ pin }`: exactly that revision (a pinned 2026-07-28 refused with
 *   `-32022` is retried once when the server lists it as supported).
 * - no `protocol` and a `serverCard` naming a revision rxmcp speaks: that era without the probe (see `ClientOptions.serverCard`).
 * - `joinSession`: no request; the joined session's revision and server as given (see `ClientOptions.joinSession`).
 *
 * **Temperature:** cold. **Emits:** the negotiated connection, once. **Completes:** after it.
 * **Errors:** `NegotiationError` (no common revision), or what the requests error with.
 * **Teardown:** stops waiting; `initialize` is never cancelled on the wire.
 */
export function negotiate(context: NegotiationContext): Observable<Negotiated> {
  return defer(() => {
    if (context.options.joinSession !== undefined) return joined(context, context.options.joinSession);
    const mode = context.options.protocol ?? 'auto';
    const card = context.options.protocol === undefined ? fromCard(context) : undefined;
    if (card !== undefined) return card;
    if (mode === 'auto') return auto(context);
    if (mode === 'modern') return modernOnly(context, LATEST_PROTOCOL_VERSION, false);
    if (mode === 'legacy') return initialize(context, LATEST_LEGACY_PROTOCOL_VERSION, false);
    return revisionOf(mode.pin).handshake === 'initialize' ? initialize(context, mode.pin as LegacyProtocolVersion, true) : modernOnly(context, mode.pin, true);
  });
}
