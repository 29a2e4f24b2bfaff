import { catchError, concat, defer, ignoreElements, map, mergeMap, of, throwError, type Observable } from 'rxjs';
import { NegotiationError, RequestTimeoutError, RpcError, SchemaError, TransportError } from '../errors/errors.js';
import type { DiscoverResult, InitializeResult } from '../protocol/model/lifecycle.js';
import type { Implementation } from '../protocol/model/metadata.js';
import {
  LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, acceptLegacyVersion, isModernVersion, pickVersion,
  type LegacyProtocolVersion, type ProtocolVersion,
} from '../protocol/versions.js';
import type { Params, Session } from '../session/types.js';
import { clientCapabilities } from './capabilities.js';
import { decodeResult } from '../protocol/codec.js';
import { encodeRequestParams } from '../protocol/encode.js';
import { headersFor, requestOptionsFor, type Envelope } from './envelope.js';
import type { ClientOptions, ServerSession } from './types.js';

/** The outcome of negotiation: what the server offers, and what every later request carries. */
export interface Negotiated {
  readonly server: ServerSession;
  readonly envelope: Envelope;
}

/** JSON-RPC codes that only a 2026-07-28 server sends: they prove the server is modern. */
const MODERN_CODES = new Set([-32020, -32021, -32022]);
/** HTTP statuses with which a legacy Streamable HTTP server refuses a modern request. */
const LEGACY_HTTP_STATUSES = new Set([400, 404, 405]);
/** Default wait for the `server/discover` probe. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;

interface Context {
  readonly session: Session;
  readonly options: ClientOptions;
  readonly clientInfo: Implementation;
}

function envelopeFor(context: Context, version: ProtocolVersion): Envelope {
  return {
    version,
    capabilities: clientCapabilities(context.options, version),
    clientInfo: context.clientInfo,
    logLevel: isModernVersion(version) ? context.options.logLevel : undefined,
  };
}

function serverInfoOf(result: { readonly _meta?: Readonly<Record<string, unknown>> }): Implementation | undefined {
  return result._meta?.['io.modelcontextprotocol/serverInfo'] as Implementation | undefined;
}

function discover(context: Context, version: ProtocolVersion, timeoutMs?: number): Observable<Negotiated> {
  const envelope = envelopeFor(context, version);
  const params = {};
  const options = requestOptionsFor(envelope, 'server/discover', params, timeoutMs === undefined ? {} : { timeout: { firstMs: timeoutMs } });
  return context.session.request('server/discover', params, options).pipe(
    map((raw) => decodeResult(version, 'server/discover', raw) as DiscoverResult),
    mergeMap((result) => {
      const chosen = pickVersion(result.supportedVersions, { era: 'modern' });
      if (chosen === undefined) return legacyOrFail(context, result.supportedVersions);
      const server: ServerSession = {
        era: 'modern', protocolVersion: chosen, serverInfo: serverInfoOf(result), capabilities: result.capabilities,
        instructions: result.instructions, supportedVersions: result.supportedVersions,
      };
      return of({ server, envelope: chosen === version ? envelope : envelopeFor(context, chosen) });
    }),
  );
}

function legacyOrFail(context: Context, offered: readonly unknown[]): Observable<Negotiated> {
  const legacy = pickVersion(offered, { era: 'legacy' });
  if (legacy !== undefined) return initialize(context, legacy as LegacyProtocolVersion, false);
  return throwError(() => new NegotiationError(`No protocol revision in common with the server (it offers ${JSON.stringify(offered)})`, {
    offered: offered.filter((v): v is string => typeof v === 'string'),
  }));
}

function initialize(context: Context, proposal: LegacyProtocolVersion, exact: boolean): Observable<Negotiated> {
  const envelope = envelopeFor(context, proposal);
  // Shaped for the proposed revision: fields it does not define (newer clientInfo fields, ...) are left out.
  const params = encodeRequestParams(proposal, 'initialize', { protocolVersion: proposal, capabilities: envelope.capabilities, clientInfo: context.clientInfo });
  return context.session.request('initialize', params as unknown as Params).pipe(
    map((raw) => decodeResult(proposal, 'initialize', raw) as InitializeResult),
    mergeMap((result) => {
      const accepted = acceptLegacyVersion(result.protocolVersion);
      if (accepted === undefined || (exact && accepted !== proposal)) {
        return throwError(() => new NegotiationError(`The server answered initialize with revision ${JSON.stringify(result.protocolVersion)}, which the client does not accept`, {
          offered: [String(result.protocolVersion)],
        }));
      }
      const agreed = accepted === proposal ? envelope : envelopeFor(context, accepted);
      const server: ServerSession = {
        era: 'legacy', protocolVersion: accepted, serverInfo: result.serverInfo, capabilities: result.capabilities ?? {},
        instructions: result.instructions, supportedVersions: [accepted],
      };
      const headers = headersFor(agreed, 'notifications/initialized', undefined);
      const initialized$ = context.session.notify('notifications/initialized', undefined, headers ? { headers } : {});
      return concat(initialized$.pipe(ignoreElements()), of({ server, envelope: agreed }));
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

function supportedOf(error: RpcError, era: 'modern' | 'legacy'): ProtocolVersion | undefined {
  return pickVersion(offeredBy(error), { era });
}

function retryWithSupported(context: Context, error: RpcError): Observable<Negotiated> {
  const modern = supportedOf(error, 'modern');
  return modern === undefined ? legacyOrFail(context, offeredBy(error)) : discover(context, modern);
}

/**
 * `modern` and pinned 2026-07-28: `server/discover` only. A `-32022` is retried once with a modern version the
 * server lists; when pinned, only with the pinned version, and only when the server lists it.
 */
function modernOnly(context: Context, version: ProtocolVersion, pinned: boolean): Observable<Negotiated> {
  return discover(context, version).pipe(
    catchError((error: unknown) => {
      if (!RpcError.is(error) || (error as RpcError).rpcCode !== -32022) return throwError(() => error);
      const retry = pinned ? offeredBy(error as RpcError).find((v) => v === version) : supportedOf(error as RpcError, 'modern');
      return retry === undefined ? throwError(() => error) : discover(context, retry as ProtocolVersion);
    }),
  );
}

function auto(context: Context): Observable<Negotiated> {
  const probeMs = context.options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  return discover(context, LATEST_PROTOCOL_VERSION, probeMs).pipe(
    catchError((error: unknown) => {
      if (RpcError.is(error) && (error as RpcError).rpcCode === -32022) return retryWithSupported(context, error as RpcError);
      if (provesLegacy(error)) return initialize(context, LATEST_LEGACY_PROTOCOL_VERSION, false);
      return throwError(() => error);
    }),
  );
}

/**
 * Agrees on a protocol revision over one connection, per `options.protocol`:
 * - `auto`: probe with `server/discover`; a `DiscoverResult` means 2026-07-28; `-32022` means modern, retried
 *   with a listed version; any other error, an answer that is not a `DiscoverResult`, a 400/404/405 HTTP answer
 *   or no reply within the probe timeout means legacy: `initialize` proposing 2025-11-25 (an older revision the
 *   server answers with is accepted), then `notifications/initialized`.
 * - `modern` / `legacy`: only that era. `{ pin }`: exactly that revision (a pinned 2026-07-28 refused with
 *   `-32022` is retried once when the server lists it as supported).
 *
 * **Temperature:** cold. **Emits:** the negotiated connection, once. **Completes:** after it.
 * **Errors:** `NegotiationError` (no common revision), or what the requests error with.
 * **Teardown:** cancels the request in flight.
 */
export function negotiate(session: Session, options: ClientOptions, clientInfo: Implementation): Observable<Negotiated> {
  const context: Context = { session, options, clientInfo };
  return defer(() => {
    const mode = options.protocol ?? 'auto';
    if (mode === 'auto') return auto(context);
    if (mode === 'modern') return modernOnly(context, LATEST_PROTOCOL_VERSION, false);
    if (mode === 'legacy') return initialize(context, LATEST_LEGACY_PROTOCOL_VERSION, false);
    return isModernVersion(mode.pin) ? modernOnly(context, mode.pin, true) : initialize(context, mode.pin as LegacyProtocolVersion, true);
  });
}
