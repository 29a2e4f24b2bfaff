import { Subject } from 'rxjs';
import type { LoggingLevel } from 'rxmcp';

/** The eight RFC 5424 levels, least severe first. */
export const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** One log message as the page keeps it. */
export interface LogEntry {
  readonly seq: number;
  readonly time: number;
  readonly level: LoggingLevel;
  readonly logger: string | undefined;
  /** The data as one line (cut at 2000 characters). */
  readonly text: string;
  /** The call whose stream it came on (the request that produced it), if any. */
  readonly callId: number | undefined;
  /** `server`, or `app` for an MCP App's `notifications/message`. */
  readonly source: 'server' | 'app';
  /** The message's data as sent (for the export). */
  readonly data: unknown;
}

const MAX_ENTRIES = 5000;
const MAX_TEXT = 2000;

let seq = 0;

/** One line of any log data. */
export function logText(data: unknown): string {
  const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** A log entry from a `notifications/message` params. */
export function logEntry(params: { level: LoggingLevel; logger?: string; data?: unknown }, callId: number | undefined, source: LogEntry['source'] = 'server'): LogEntry {
  return { seq: ++seq, time: Date.now(), level: params.level, logger: params.logger, text: logText(params.data), callId, source, data: params.data };
}

/**
 * Log entries as NDJSON: one JSON object a line (`time` as ISO 8601, `level`, `logger`, `call`, `source`, `data` as
 * the server sent it), oldest first, each line ending in a newline.
 */
export function logsNdjson(entries: readonly LogEntry[]): string {
  return entries.map((entry) => `${JSON.stringify({
    time: new Date(entry.time).toISOString(), level: entry.level, logger: entry.logger, call: entry.callId, source: entry.source, data: entry.data,
  })}\n`).join('');
}

/** The log messages of the page: the last 5000, added in batches. */
export class Logs {
  entries: LogEntry[] = [];
  readonly changed$ = new Subject<void>();
  /** How many were received in all (dropped ones included). */
  received = 0;

  add(batch: readonly LogEntry[]): void {
    if (batch.length === 0) return;
    this.received += batch.length;
    const all = this.entries.concat(batch);
    this.entries = all.length > MAX_ENTRIES ? all.slice(all.length - MAX_ENTRIES) : all;
    this.changed$.next();
  }

  clear(): void {
    this.entries = [];
    this.changed$.next();
  }
}
