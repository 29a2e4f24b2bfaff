// A recording of `recordFrames`, read: the header, and each request of the client paired with the server's answer.
import type { RecordedFrame, RecordingHeader, RecordingLine } from '../../transport/recording-format.js';
import { RECORDING_FORMAT } from '../../transport/recording-format.js';
import type { Params } from '../../session/types.js';
import { TestScriptError } from '../errors.js';

/** One progress notification the server sent for a recorded request, `afterMs` after the request. */
export interface RecordedProgress {
  readonly afterMs: number;
  readonly progress: number;
  readonly total: number | undefined;
  readonly message: string | undefined;
}

/** A notification the server sent on a recorded request's own stream, `afterMs` after the request. */
export interface RecordedNotification {
  readonly afterMs: number;
  readonly method: string;
  readonly params: Params | undefined;
}

/** One request of the client and what the server answered, `delayMs` after it. */
export interface RecordedExchange {
  readonly method: string;
  /** The params without `_meta`. */
  readonly params: Params;
  /** The params' `_meta`, as recorded. */
  readonly meta: Params | undefined;
  readonly delayMs: number;
  readonly result?: Params;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
  readonly progress: readonly RecordedProgress[];
  /** Notifications on the request's own stream (an exchange), besides progress. */
  readonly notifications: readonly RecordedNotification[];
}

/** A recording, read. */
export interface ReadRecording {
  readonly header: RecordingHeader;
  /** Every answered request, in the order the client sent them. */
  readonly exchanges: readonly RecordedExchange[];
  /** True when the frames came through one-request exchanges (a Streamable HTTP transport). */
  readonly perRequest: boolean;
}

interface Open {
  readonly method: string;
  readonly params: Params;
  readonly meta: Params | undefined;
  readonly t: number;
  readonly token: unknown;
  readonly progress: RecordedProgress[];
  readonly notifications: RecordedNotification[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function lineOf(value: unknown, index: number): RecordingLine {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch (error) {
      throw new TestScriptError(`Line ${index + 1} of the recording is not JSON: ${(error as Error).message}`);
    }
  }
  if (!isObject(value)) throw new TestScriptError(`Line ${index + 1} of the recording is not a JSON object`);
  return value as unknown as RecordingLine;
}

function headerOf(first: RecordingLine | undefined): RecordingHeader {
  if (first === undefined || !('format' in first) || first.format !== RECORDING_FORMAT || first.version !== 1) {
    throw new TestScriptError(`A recording starts with its header {"format":"${RECORDING_FORMAT}","version":1,...} (what recordFrames writes)`);
  }
  return first;
}

const scopeOf = (frame: RecordedFrame): string => (frame.exchange === undefined ? `c${frame.conn ?? 0}` : `e${frame.exchange}`);

function opened(message: Record<string, unknown>, t: number): Open {
  const { _meta: meta, ...params } = isObject(message['params']) ? message['params'] : {};
  return {
    method: String(message['method']), params, meta: isObject(meta) ? meta : undefined, t,
    token: isObject(meta) ? meta['progressToken'] : undefined, progress: [], notifications: [],
  };
}

function closed(open: Open, message: Record<string, unknown>, t: number): RecordedExchange {
  const base = { method: open.method, params: open.params, meta: open.meta, delayMs: Math.max(0, t - open.t), progress: open.progress, notifications: open.notifications };
  const error = message['error'];
  if (isObject(error)) return { ...base, error: { code: Number(error['code']), message: String(error['message']), ...('data' in error ? { data: error['data'] } : {}) } };
  return { ...base, result: isObject(message['result']) ? message['result'] : {} };
}

function progressOf(open: Map<string, Open>, params: Record<string, unknown>, t: number): void {
  for (const request of open.values()) {
    if (request.token === undefined || request.token !== params['progressToken'] || typeof params['progress'] !== 'number') continue;
    const total = typeof params['total'] === 'number' ? params['total'] : undefined;
    const message = typeof params['message'] === 'string' ? params['message'] : undefined;
    request.progress.push({ afterMs: t - request.t, progress: params['progress'], total, message });
  }
}

/** A notification in an exchange belongs to the request that exchange carries. */
function onStream(open: Map<string, Open>, scope: string, message: Record<string, unknown>, t: number): void {
  for (const [key, request] of open) {
    if (!key.startsWith(`${scope}:`)) continue;
    request.notifications.push({ afterMs: t - request.t, method: String(message['method']), params: isObject(message['params']) ? message['params'] : undefined });
  }
}

/** Pairs requests and answers by their scope (connection or exchange) and id. */
function pair(frames: readonly RecordedFrame[]): RecordedExchange[] {
  const open = new Map<string, Open>();
  const done: { at: number; exchange: RecordedExchange }[] = [];
  for (const frame of frames) {
    const messages = Array.isArray(frame.message) ? (frame.message as unknown[]) : [frame.message];
    for (const message of messages.filter(isObject)) {
      const key = `${scopeOf(frame)}:${JSON.stringify(message['id'])}`;
      if (frame.dir === 'out' && typeof message['method'] === 'string' && 'id' in message) open.set(key, opened(message, frame.t));
      else if (frame.dir === 'in' && message['method'] === 'notifications/progress' && isObject(message['params'])) progressOf(open, message['params'], frame.t);
      else if (frame.dir === 'in' && typeof message['method'] === 'string' && !('id' in message) && frame.exchange !== undefined) onStream(open, scopeOf(frame), message, frame.t);
      else if (frame.dir === 'in' && !('method' in message) && open.has(key)) {
        const request = open.get(key) as Open;
        open.delete(key);
        done.push({ at: request.t, exchange: closed(request, message, frame.t) });
      }
    }
  }
  return done.sort((a, b) => a.at - b.at).map((entry) => entry.exchange);
}

/** Reads a recording: NDJSON text, its lines, or its parsed lines. @throws TestScriptError for one that is not. */
export function readRecording(recording: string | readonly (string | RecordingLine)[]): ReadRecording {
  const raw = typeof recording === 'string' ? recording.split('\n').filter((line) => line.trim() !== '') : recording;
  const lines = raw.map(lineOf);
  const header = headerOf(lines[0]);
  const frames = lines.filter((line): line is RecordedFrame => 'dir' in line);
  return { header, exchanges: pair(frames), perRequest: frames.some((frame) => frame.exchange !== undefined) };
}
