import type { LoggingLevel } from '../protocol/model/common.js';
import type { Tool } from '../protocol/model/tools.js';
import { isClientNotificationSpec } from '../protocol/method-spec.js';
import type { Revision } from '../protocol/revisions.js';
import { routingHeaders } from '../protocol/routing-headers.js';
import type { ConnectionPolicy, Params, RequestOptions } from '../session/types.js';
import type { CallOptions, Envelope, TraceContext } from './envelope.js';

type Headers = Readonly<Record<string, string>>;

/**
 * How the client talks on one negotiated connection, chosen once at negotiation from the revision and the
 * transport: what goes in each request's `_meta`, which headers go on which frame, how requests are cancelled,
 * whether a broken response stream re-issues the request, which notifications exist. Everything that differs per
 * revision × transport is decided here, from the revision registry's data, and nowhere else.
 */
export interface WirePolicy {
  readonly revision: Revision;
  readonly envelope: Envelope;
  /** The session-level part: cancellation, the per-request streams, the headers of a cancel frame. */
  readonly connection: ConnectionPolicy;
  /** A request whose response stream broke is re-issued once with a new id (2026-07-28 on per-request streams). */
  readonly reissue: boolean;
  /** The session options of one request of `method` (its `_meta`, headers, limits), at log level `logLevel`. */
  requestOptions(method: string, params: Params | undefined, options?: CallOptions, logLevel?: LoggingLevel): RequestOptions;
  /** The headers of a notification of `method` (never those of a request). */
  notificationHeaders(method: string): Headers | undefined;
  /** True when the revision has the client notification `method`. */
  canNotify(method: string): boolean;
}

type Extensions = CallOptions['extensions'];

function modernMeta(envelope: Envelope, logLevel: LoggingLevel | undefined, extensions?: Extensions): Record<string, unknown> {
  const { capabilities } = envelope;
  const meta: Record<string, unknown> = {
    'io.modelcontextprotocol/protocolVersion': envelope.version,
    'io.modelcontextprotocol/clientCapabilities': extensions === undefined ? capabilities : { ...capabilities, extensions: { ...capabilities.extensions, ...extensions } },
    'io.modelcontextprotocol/clientInfo': envelope.clientInfo,
  };
  if (logLevel !== undefined) meta['io.modelcontextprotocol/logLevel'] = logLevel;
  return meta;
}

/** The `_meta` of each request: frozen and shared per log level when nothing per call is added. */
function metaBuilder(revision: Revision, envelope: Envelope): (logLevel: LoggingLevel | undefined, trace?: TraceContext, extra?: Params, extensions?: Extensions) => Params | undefined {
  const shared = new Map<LoggingLevel | undefined, Params>();
  return (logLevel, trace, extra, extensions) => {
    if (!revision.requestMeta) return trace === undefined && extra === undefined ? undefined : { ...extra, ...trace };
    if (extensions !== undefined && revision.capabilities.extensions) return { ...extra, ...trace, ...modernMeta(envelope, logLevel, extensions) };
    if (trace === undefined && extra === undefined) {
      let meta = shared.get(logLevel);
      if (meta === undefined) {
        meta = Object.freeze(modernMeta(envelope, logLevel));
        shared.set(logLevel, meta);
      }
      return meta;
    }
    return { ...extra, ...trace, ...modernMeta(envelope, logLevel) };
  };
}

function headerBuilder(revision: Revision, version: string): (method: string, params: Params | undefined, tool?: Tool) => Headers | undefined {
  const versionHeader: Headers = Object.freeze({ 'MCP-Protocol-Version': version });
  if (revision.httpHeaders === 'none') return () => undefined;
  if (revision.httpHeaders === 'version') return () => versionHeader;
  return (method, params, tool) => {
    const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
    return { ...versionHeader, ...routingHeaders(message, tool as never) };
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const NO_OPTIONS: CallOptions = Object.freeze({});
const EMPTY_REQUEST_OPTIONS: RequestOptions = Object.freeze({});

/**
 * The session options of a call with nothing of its own but `_meta` and headers: frozen and shared while the
 * `_meta` is the revision's shared one (per log level) and the headers are the revision's fixed ones, built
 * otherwise.
 */
function sharedOptions(): (meta: Params | undefined, headers: Headers | undefined) => RequestOptions {
  let last: { readonly meta: Params | undefined; readonly headers: Headers | undefined; readonly options: RequestOptions } | undefined;
  return (meta, headers) => {
    if (meta === undefined && headers === undefined) return EMPTY_REQUEST_OPTIONS;
    if (last !== undefined && last.meta === meta && last.headers === headers) return last.options;
    const options: Mutable<RequestOptions> = {};
    if (meta !== undefined) options.meta = meta;
    if (headers !== undefined) options.headers = headers;
    // Only frozen parts (the shared `_meta`, the version header) make an object worth keeping.
    if ((meta === undefined || Object.isFrozen(meta)) && (headers === undefined || Object.isFrozen(headers))) last = { meta, headers, options: Object.freeze(options) };
    return options;
  };
}

/**
 * The wire policy of a connection negotiated at `revision`, with `envelope`, over a transport that does (or does
 * not) give each request its own stream (`exchange`).
 */
export function wirePolicy(revision: Revision, envelope: Envelope, exchange: boolean): WirePolicy {
  const meta = metaBuilder(revision, envelope);
  const headers = headerBuilder(revision, envelope.version);
  const notificationHeaders = (method: string) => headers(method, undefined);
  const cancelHeaders = notificationHeaders('notifications/cancelled');
  const plainOptions = sharedOptions();
  return {
    revision,
    envelope,
    connection: {
      cancellation: exchange && revision.streamCancellation === 'abort' ? 'abort' : 'notification',
      exchange,
      ...(cancelHeaders === undefined ? {} : { cancelHeaders }),
    },
    reissue: exchange && revision.brokenStream === 'reissue',
    requestOptions(method, params, options = NO_OPTIONS, logLevel = envelope.logLevel) {
      const requestMeta = meta(revision.logLevel === 'meta' ? logLevel : undefined, options.trace, options.meta, options.extensions);
      const requestHeaders = headers(method, params, options.tool);
      const { timeout, progress, cancellable, onRequestId } = options;
      // A plain call (no limits, progress, cancel rule or id callback of its own) shares one options object per
      // `_meta` and headers: nothing is built for it.
      if (timeout === undefined && progress !== true && cancellable !== false && onRequestId === undefined) return plainOptions(requestMeta, requestHeaders);
      const out: Mutable<RequestOptions> = {};
      if (timeout !== undefined) out.timeout = timeout;
      if (progress === true) out.progress = true;
      if (cancellable === false) out.cancellable = false;
      if (onRequestId !== undefined) out.onRequestId = onRequestId;
      if (requestMeta !== undefined) out.meta = requestMeta;
      if (requestHeaders !== undefined) out.headers = requestHeaders;
      return out;
    },
    notificationHeaders,
    canNotify: (method) => Object.hasOwn(revision.methods, method) && isClientNotificationSpec(revision.methods[method]),
  };
}
