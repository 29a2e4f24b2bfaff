// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * Below the client: the session over a transport (request multiplexing, handlers, notifications, timeouts), the
 * frames a transport moves and what writing a transport needs, recording a transport's frames, and the bridges to the official SDK's transports.
 * For code that builds its own protocol layer or its own transport; a client needs only `rxmcp`.
 *
 * @packageDocumentation
 * @module rxmcp/session
 */

// The session
export { createSession, DEFAULT_REQUEST_TIMEOUT } from './session.js';
export { multiplex } from './multiplex.js';
export type { MultiplexOptions, SessionMultiplex } from './multiplex.js';
export { withTimeouts } from './timeouts.js';
export { connectWithin, DEFAULT_CONNECT_TIMEOUT_MS } from './connect-timeout.js';
export type {
  Session, SessionOptions, SessionState, RequestOptions, TimeoutOptions, RequestEvent, ProgressEvent, ResultEvent, Connection,
  ConnectionEnd, ConnectionPolicy, RequestHandler, HandlerContext, Diagnostic, DiagnosticKind, FrameEvent, Params, ResultPayload,
} from './types.js';
export { ParseError, ResponseStreamEndedError } from '../errors/errors.js';

// Frames and transport authoring
export type {
  Transport, OutboundFrame, InboundFrame, InboundFrameInfo, CancellationMode, MalformedInput, FrameFailure, TransportHealth,
} from '../transport/types.js';
export { DEFAULT_MAX_MESSAGE_BYTES } from '../transport/internal/json-lines.js';
export { MCP_WEBSOCKET_SUBPROTOCOL } from '../transport/websocket.js';
export { URL_TRANSPORTS, remoteKindNamed, remoteKindOfUrl, urlTransport } from '../transport/registry.js';
export type { RemoteKind, RemoteOptions, RemoteTransportEntry, TransportEntry, WebSocketRefusal } from '../transport/registry.js';

// Recording a transport's frames (replayed by replayController of rxmcp/testing)
export { recordFrames } from '../transport/record-frames.js';
export type { RecordSink, RecordWriter, RecordFramesOptions } from '../transport/record-frames.js';
export { DEFAULT_REDACTED_FIELDS } from '../transport/redact-frames.js';
export type { RecordingLine, RecordingHeader, RecordedFrame, RecordedEvent } from '../transport/recording-format.js';

// Bridges to the official SDK's transports
export { fromSdkTransport, toSdkTransport } from '../transport/sdk-interop.js';
export type { SdkTransport, SdkJsonRpcMessage, SdkTransportSendOptions, FromSdkTransport, FromSdkTransportOptions, ToSdkTransport } from '../transport/sdk-interop.js';
