import type { ReconnectOptions, TimeoutOptions } from 'rxmcp';

/** What the user set for calls and connections (the settings panel). */
export interface PageOptions {
  /** Bounds of the calls the page starts (`false`: none, calls run until they end or are cancelled). */
  readonly callTimeout: TimeoutOptions | false;
  /** The reconnect policy of the next connection. */
  readonly reconnect: ReconnectOptions;
}

/** The defaults: no call timeout, reconnect soon and often (a dashboard wants to be back soon). */
export const DEFAULT_OPTIONS: PageOptions = { callTimeout: false, reconnect: { initialDelayMs: 250, maxDelayMs: 4000 } };

/** Seconds typed in a field as milliseconds; empty means unset; anything else not a positive number throws. */
export function secondsField(text: string, label: string): number | undefined {
  if (text.trim() === '') return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${label}: a positive number of seconds, or empty`);
  return Math.round(seconds * 1000);
}

/** A whole number typed in a field; empty means unset; anything else not a positive integer throws. */
export function countField(text: string, label: string): number | undefined {
  if (text.trim() === '') return undefined;
  const count = Number(text);
  if (!Number.isInteger(count) || count <= 0) throw new Error(`${label}: a positive whole number, or empty`);
  return count;
}

/** The options from the settings form's fields (seconds for times); a bad field throws with its label. */
export function optionsFrom(fields: Readonly<Record<string, string>>): PageOptions {
  const idleMs = secondsField(fields['idle'] ?? '', 'Call idle timeout');
  const totalMs = secondsField(fields['total'] ?? '', 'Call total timeout');
  const initialDelayMs = secondsField(fields['initialDelay'] ?? '', 'First reconnect delay');
  const maxDelayMs = secondsField(fields['maxDelay'] ?? '', 'Longest reconnect delay');
  const maxAttempts = countField(fields['maxAttempts'] ?? '', 'Reconnect attempts');
  const callTimeout = idleMs === undefined && totalMs === undefined ? false : { ...(idleMs === undefined ? {} : { idleMs }), ...(totalMs === undefined ? {} : { totalMs }) };
  const reconnect = {
    initialDelayMs: initialDelayMs ?? DEFAULT_OPTIONS.reconnect.initialDelayMs,
    maxDelayMs: maxDelayMs ?? DEFAULT_OPTIONS.reconnect.maxDelayMs,
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
  };
  return { callTimeout, reconnect };
}
