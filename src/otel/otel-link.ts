import { context, metrics, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Meter, type Span, type Tracer } from '@opentelemetry/api';
import { asyncScheduler, Observable } from 'rxjs';
import type { TraceContext } from '../client/envelope.js';
import type { CallEvent } from '../client/call-event.js';
import type { Link, LinkNext, McpCall } from '../client/links/types.js';
import { VERSION } from '../client/version.js';
import type { RequestId } from '../protocol/jsonrpc.js';
import { CANCELLED, callAttributes, errorTypeOf, isToolError, serverAttributes, spanNameOf, TOOL_ERROR, type ServerAddress } from './attributes.js';
import { instruments, jsonBytes, SessionWatch, type Instruments } from './instruments.js';

/** Options of `otelLink`. */
export interface OtelLinkOptions {
  /** The tracer of the call spans (default: the global tracer provider's `rxmcp` tracer). */
  readonly tracer?: Tracer;
  /** The meter of the durations and sizes (default: the global meter provider's `rxmcp` meter). */
  readonly meter?: Meter;
  /** The server's URL, for `server.address` and `server.port` (remote transports; the transport does not say it). */
  readonly server?: ServerAddress;
  /**
   * Put the resource URI of `resources/read`, `resources/subscribe` and `resources/unsubscribe` in the span name
   * (default `false`: the conventions leave it out of names by default, since URIs are many).
   */
  readonly resourceUriInSpanName?: boolean;
  /**
   * Inject the call span's context into the request's `params._meta` (`traceparent`, `tracestate`, `baggage`) with
   * the global propagator, so the server's span is its child (default `true`).
   */
  readonly propagate?: boolean;
  /** Record `rxmcp.client.tool.result.size`, the UTF-8 size of each tool result's JSON (default `true`). */
  readonly resultSize?: boolean;
}

/** What one link shares across its calls. */
interface Telemetry {
  readonly tracer: Tracer;
  readonly instruments: Instruments;
  readonly sessions: SessionWatch;
  readonly server: Attributes;
  readonly options: OtelLinkOptions;
}

/** The call with the span's trace context in its `_meta` and the request id reported to `onRequestId`. */
function instrumented(call: McpCall, spanContext: Context, propagate: boolean, onRequestId: (id: RequestId) => void): McpCall {
  const carrier: Record<string, string> = {};
  if (propagate) propagation.inject(spanContext, carrier);
  const { traceparent, tracestate, baggage } = carrier;
  const injected: TraceContext | undefined =
    traceparent === undefined ? undefined : { traceparent, ...(tracestate === undefined ? {} : { tracestate }), ...(baggage === undefined ? {} : { baggage }) };
  const caller = call.options.onRequestId;
  const reportId = (id: RequestId) => {
    onRequestId(id);
    caller?.(id);
  };
  return { ...call, options: { ...call.options, ...(injected === undefined ? {} : { trace: injected }), onRequestId: reportId } };
}

/** How a call failed: its `error.type`, the error's message, the JSON-RPC code of an error answer. */
interface Failure {
  readonly type: string;
  readonly message?: string;
  readonly code?: number;
}

/** Ends a call's span and records its duration, once: `failure` says how it failed (none when it succeeded). */
function finisher(telemetry: Telemetry, call: McpCall, span: Span, attributes: Attributes): (failure?: Failure, requestId?: RequestId) => void {
  const started = asyncScheduler.now();
  let done = false;
  return (failure, requestId) => {
    if (done) return;
    done = true;
    const sessionId = call.connection.sessionId;
    const end: Attributes = {
      ...(sessionId === undefined ? {} : { 'mcp.session.id': sessionId }),
      ...(requestId === undefined ? {} : { 'jsonrpc.request.id': String(requestId) }),
      ...(failure === undefined ? {} : { 'error.type': failure.type }),
      ...(failure?.code === undefined ? {} : { 'rpc.response.status_code': String(failure.code) }),
    };
    span.setAttributes(end);
    if (failure !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, ...(failure.message === undefined ? {} : { message: failure.message }) });
    span.end();
    const { 'mcp.resource.uri': _uri, ...measured } = attributes;
    void _uri;
    const outcome = failure === undefined ? {} : { 'error.type': failure.type, ...(failure.code === undefined ? {} : { 'rpc.response.status_code': String(failure.code) }) };
    telemetry.instruments.operationDuration.record(Math.max(0, asyncScheduler.now() - started) / 1000, { ...measured, ...outcome });
  };
}

/** The failure an error is, for the span and the duration: its `error.type`, message and JSON-RPC code. */
function failureOf(error: unknown): Failure {
  const type = errorTypeOf(error);
  const message = error instanceof Error ? error.message : undefined;
  const code = (error as { rpcCode?: unknown } | null)?.rpcCode;
  return { type, ...(message === undefined ? {} : { message }), ...(typeof code === 'number' && type === String(code) ? { code } : {}) };
}

/** One call, traced: a CLIENT span around it (a child of the context active when it is subscribed), its duration. */
function tracedCall(telemetry: Telemetry, call: McpCall, next: LinkNext): Observable<CallEvent<unknown>> {
  return new Observable<CallEvent<unknown>>((subscriber) => {
    const { options } = telemetry;
    const attributes = callAttributes(call, telemetry.server);
    telemetry.sessions.seen(call.connection, attributes['mcp.protocol.version'] as string | undefined);
    const parent = context.active();
    const span = telemetry.tracer.startSpan(spanNameOf(call, options.resourceUriInSpanName === true), { kind: SpanKind.CLIENT, attributes }, parent);
    let requestId: RequestId | undefined;
    const finish = finisher(telemetry, call, span, attributes);
    const sent = instrumented(call, trace.setSpan(parent, span), options.propagate !== false, (id) => (requestId = id));
    const tool = call.method === 'tools/call' ? (attributes['gen_ai.tool.name'] as string | undefined) : undefined;
    const subscription = next(sent).subscribe({
      next: (event) => {
        if (event.type === 'result' && tool !== undefined) {
          if (options.resultSize !== false) telemetry.instruments.toolResultSize.record(jsonBytes(event.result), { 'gen_ai.tool.name': tool });
          if (isToolError(event.result)) finish({ type: TOOL_ERROR }, requestId);
        }
        subscriber.next(event);
      },
      error: (error: unknown) => {
        finish(failureOf(error), requestId);
        subscriber.error(error);
      },
      complete: () => {
        finish(undefined, requestId);
        subscriber.complete();
      },
    });
    return () => {
      subscription.unsubscribe();
      finish({ type: CANCELLED }, requestId);
    };
  });
}

/**
 * A link that traces every request the client sends, by the OpenTelemetry semantic conventions for MCP: a CLIENT
 * span named `{mcp.method.name} {target}` (the tool or prompt name) with `mcp.method.name`, `mcp.protocol.version`,
 * `mcp.session.id`, `jsonrpc.request.id`, `gen_ai.tool.name` and `gen_ai.operation.name` (`execute_tool`) for tool
 * calls, `gen_ai.prompt.name`, `mcp.resource.uri`, `network.*` and `server.*`; the span's context goes to the server
 * in `params._meta` (`traceparent`, `tracestate`). A failed call, and a tool result with `isError: true`
 * (`error.type` `tool_error`), sets the span's status to ERROR and `error.type` (a JSON-RPC error code such as
 * `-32602`, or the rxmcp error's class name). It records `mcp.client.operation.duration` per call,
 * `mcp.client.session.duration` per connection it saw a call on, and `rxmcp.client.tool.result.size` per tool
 * result. Place it in `ClientOptions.links` (first, so that its span covers the links after it).
 *
 * - **Temperature:** cold, as the call. **Emits:** the call's events, unchanged. **Completes:** with the call.
 * - **Errors:** with the call's error (the span ends with it).
 * - **Teardown:** unsubscribes the call; a call left before its result ends its span with `error.type` `cancelled`.
 *
 * @example
 * ```ts
 * import { trace, metrics } from '@opentelemetry/api';
 * import { createClient } from 'rxmcp';
 * import { otelLink } from 'rxmcp/otel';
 *
 * const client = createClient(transport, {
 *   links: [otelLink({ tracer: trace.getTracer('my-app'), meter: metrics.getMeter('my-app') })],
 * });
 * ```
 */
export function otelLink(options: OtelLinkOptions = {}): Link {
  const meter = options.meter ?? metrics.getMeter('rxmcp', VERSION);
  const made = instruments(meter);
  const server = serverAttributes(options.server);
  const telemetry: Telemetry = {
    tracer: options.tracer ?? trace.getTracer('rxmcp', VERSION),
    instruments: made,
    sessions: new SessionWatch(made.sessionDuration, server),
    server,
    options,
  };
  return (call, next) => tracedCall(telemetry, call, next);
}
