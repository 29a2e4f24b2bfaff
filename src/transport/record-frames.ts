import { asyncScheduler, defer, finalize, tap, type Observable, type SchedulerLike } from 'rxjs';
import type { InboundFrame, OutboundFrame, Transport } from './types.js';
import { RECORDING_FORMAT, type RecordedEvent, type RecordedFrame, type RecordingLine } from './recording-format.js';
import { redactor, type Redactor } from './redact-frames.js';

/** Where `recordFrames` writes: a function taking each line, or anything with `write` (a Node write stream). */
export type RecordSink = ((line: string) => unknown) | RecordWriter;

/** A sink with `write`, such as a Node write stream. */
export interface RecordWriter {
  /** Takes one line of the recording (JSON and a line break). */
  write(line: string): unknown;
}

/** Options of `recordFrames`. */
export interface RecordFramesOptions {
  /**
   * More field and header names to redact, besides the credentials redacted always (`DEFAULT_REDACTED_FIELDS`:
   * Authorization, cookies, DPoP, tokens, keys, secrets). Compared without case, `-` and `_`, at any depth.
   */
  readonly redact?: readonly string[];
  /** What a redacted value becomes (default `[redacted]`). */
  readonly replacement?: string;
  /** The clock of the recorded times (default `asyncScheduler`; a `TestScheduler` records virtual times). */
  readonly scheduler?: SchedulerLike;
  /** Called once if the sink throws; recording then stops and the connection goes on. */
  readonly onSinkError?: (error: unknown) => void;
}

/** Where a frame belongs: a connection, or one exchange. */
type Scope = { readonly conn: number } | { readonly exchange: number };

interface Recorder {
  readonly line: (record: RecordingLine) => void;
  readonly t: () => number;
  readonly redact: Redactor;
}

function recorderFor(kind: string, sink: RecordSink, options: RecordFramesOptions): Recorder {
  const scheduler = options.scheduler ?? asyncScheduler;
  const write = typeof sink === 'function' ? sink : (text: string) => sink.write(text);
  let start: number | undefined;
  let broken = false;
  const emit = (record: RecordingLine): void => {
    if (broken) return;
    try {
      write(`${JSON.stringify(record)}\n`);
    } catch (error) {
      broken = true;
      options.onSinkError?.(error);
    }
  };
  const t = (): number => {
    const now = scheduler.now();
    if (start === undefined) {
      start = now;
      emit({ format: RECORDING_FORMAT, version: 1, transport: kind, startedAt: new Date(start).toISOString() });
    }
    return now - start;
  };
  return { line: emit, t, redact: redactor(options.redact, options.replacement) };
}

function outRecord(recorder: Recorder, scope: Scope, frame: OutboundFrame): RecordedFrame {
  const headers = frame.headers === undefined ? {} : { headers: recorder.redact(frame.headers) as Record<string, string> };
  return { t: recorder.t(), dir: 'out', ...scope, message: recorder.redact(frame.message), ...headers };
}

function inRecord(recorder: Recorder, scope: Scope, frame: InboundFrame): RecordedFrame {
  const base = { t: recorder.t(), dir: 'in' as const, ...scope };
  const info = frame.info === undefined ? {} : { info: recorder.redact(frame.info) as Record<string, unknown> };
  if (frame.malformed !== undefined) return { ...base, malformed: frame.malformed.reason, ...info };
  if (frame.failure !== undefined) return { ...base, failure: frame.failure.error.message, ...info };
  return { ...base, message: recorder.redact(frame.message), ...info };
}

function event(recorder: Recorder, scope: Scope, kind: RecordedEvent['event'], error?: unknown): RecordedEvent {
  const message = error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) };
  return { t: recorder.t(), event: kind, ...scope, ...message };
}

/** The inbound frames of `source`, each written down, and how `source` ended (`close` also when unsubscribed). */
function recordInbound(recorder: Recorder, scope: Scope, source: Observable<InboundFrame>): Observable<InboundFrame> {
  let ended = false;
  const end = (kind: RecordedEvent['event'], error?: unknown): void => {
    ended = true;
    recorder.line(event(recorder, scope, kind, error));
  };
  return source.pipe(
    tap({ next: (frame) => recorder.line(inRecord(recorder, scope, frame)), error: (error: unknown) => end('error', error), complete: () => end('close') }),
    finalize(() => (ended ? undefined : end('close'))),
  );
}

/**
 * A transport operator: `recordFrames(sink)(transport)` is `transport` with every frame of every connection (and
 * of every exchange) written to `sink` as NDJSON, one line each: a header (`format`, `version`, `transport`,
 * `startedAt`), then `{ t, dir, conn | exchange, message, headers?, info? }` for frames (`t` in ms since the
 * recording started, `dir` `out` or `in`) and `{ t, event, conn | exchange }` for connections opening, closing
 * and failing. Credentials are redacted before anything is written (see `RecordFramesOptions.redact`). The
 * recording replays with `replayController` of `rxmcp/testing`.
 *
 * The returned transport's `connect` and `exchange`:
 * - **Temperature:** cold, as the recorded transport's; each subscription is one recorded connection (exchange).
 * - **Emits:** what the recorded transport emits, unchanged.
 * - **Completes:** when it does (recorded as `close`).
 * - **Errors:** with its errors (recorded as `error`); a sink that throws stops the recording, never the connection.
 * - **Teardown:** that of the recorded transport (recorded as `close`).
 *
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 * import { recordFrames } from 'rxmcp/session';
 *
 * const lines: string[] = [];
 * const client = createClient(recordFrames((line) => lines.push(line), { redact: ['apiKey'] })(streamableHttp('https://example.com/mcp')));
 * ```
 */
export function recordFrames(sink: RecordSink, options: RecordFramesOptions = {}): (transport: Transport) => Transport {
  return (transport) => {
    const recorder = recorderFor(transport.kind, sink, options);
    let connections = 0;
    let exchanges = 0;
    const recorded: Transport = {
      kind: transport.kind,
      connect: (outbound$) =>
        defer(() => {
          const scope = { conn: ++connections };
          recorder.line(event(recorder, scope, 'open'));
          const out$ = outbound$.pipe(tap((frame) => recorder.line(outRecord(recorder, scope, frame))));
          return recordInbound(recorder, scope, transport.connect(out$));
        }),
      ...(transport.cancellation === undefined ? {} : { cancellation: transport.cancellation }),
      ...(transport.reconnectable === undefined ? {} : { reconnectable: transport.reconnectable }),
      ...(transport.exchangeable === undefined ? {} : { exchangeable: () => transport.exchangeable?.() ?? true }),
      ...(transport.checkHealth === undefined ? {} : { checkHealth: () => (transport.checkHealth as () => ReturnType<NonNullable<Transport['checkHealth']>>)() }),
    };
    if (transport.exchange === undefined) return recorded;
    const exchange = (frame: OutboundFrame): Observable<InboundFrame> =>
      defer(() => {
        const scope = { exchange: ++exchanges };
        recorder.line(outRecord(recorder, scope, frame));
        return recordInbound(recorder, scope, (transport.exchange as NonNullable<Transport['exchange']>)(frame));
      });
    return { ...recorded, exchange };
  };
}
