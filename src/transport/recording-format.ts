// The NDJSON recording format of `recordFrames`: one JSON value a line, the header first.

/** The first line of a recording. */
export interface RecordingHeader {
  /** Always `rxmcp-recording`. */
  readonly format: 'rxmcp-recording';
  /** The format's version (1). */
  readonly version: 1;
  /** The `kind` of the recorded transport (`stdio`, `streamable-http`, ...). */
  readonly transport: string;
  /** When the recording started (ISO 8601, from the recorder's scheduler). */
  readonly startedAt: string;
}

/** One frame of a recording. */
export interface RecordedFrame {
  /** Milliseconds since the recording started. */
  readonly t: number;
  /** `out`: the client sent it; `in`: the server did. */
  readonly dir: 'out' | 'in';
  /** The connection it belongs to (1, 2, ... in the order they opened); absent for a frame of an exchange. */
  readonly conn?: number;
  /** The exchange it belongs to (1, 2, ...), for a transport's one-request exchanges. */
  readonly exchange?: number;
  /** The JSON-RPC message (or batch), redacted. */
  readonly message?: unknown;
  /** Outbound: the frame's transport headers, redacted. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Inbound: what the transport knew of the frame's origin (HTTP status, session id, event id). */
  readonly info?: Readonly<Record<string, unknown>>;
  /** Inbound bytes that were not JSON: why. */
  readonly malformed?: string;
  /** Inbound: the failure of one outbound frame, as its message. */
  readonly failure?: string;
}

/** A connection (or an exchange) opened, closed or failed. */
export interface RecordedEvent {
  /** Milliseconds since the recording started. */
  readonly t: number;
  /** What happened. */
  readonly event: 'open' | 'close' | 'error';
  /** The connection it happened to. */
  readonly conn?: number;
  /** The exchange it happened to. */
  readonly exchange?: number;
  /** For `error`: the error's message. */
  readonly error?: string;
}

/** One line of a recording. */
export type RecordingLine = RecordingHeader | RecordedFrame | RecordedEvent;

/** The `format` field of a recording's header. */
export const RECORDING_FORMAT = 'rxmcp-recording';
