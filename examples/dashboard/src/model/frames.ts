import { Subject } from 'rxjs';
import type { FrameEvent } from 'rxmcp';

/** Payloads above this are kept as a preview and a download, never put in the page whole. */
export const LARGE_PAYLOAD = 100_000;
/** The preview of a large payload. */
export const PREVIEW_CHARS = 4000;
const RING_SIZE = 500;
/** The most bytes of large payloads the ring keeps for download; older ones keep only their preview. */
const LARGE_BUDGET = 64 * 1024 * 1024;

/** One frame as the protocol view shows it. */
export interface FrameEntry {
  readonly seq: number;
  readonly time: number;
  readonly direction: 'in' | 'out';
  /** `tools/call #3`, `result #3`, `notifications/progress`, `malformed`, … */
  readonly summary: string;
  readonly bytes: number;
  /** The whole JSON when small, else its start. */
  readonly preview: string;
  /** Large payloads: the whole JSON for download (dropped when the ring's budget is spent). */
  blob: Blob | undefined;
  readonly large: boolean;
  /** The call that caused it (see `CallFrames`), if any. */
  readonly callId: number | undefined;
}

let seq = 0;

function summarize(event: FrameEvent): string {
  const frame = event.frame as { message?: unknown; malformed?: { reason: string }; failure?: { error: Error; method?: string } };
  if (frame.malformed) return `malformed: ${frame.malformed.reason}`;
  if (frame.failure) return `failure${frame.failure.method ? ` of ${frame.failure.method}` : ''}: ${frame.failure.error.message}`;
  const message = frame.message as { id?: unknown; method?: unknown; error?: { code: number } } | undefined;
  if (Array.isArray(message)) return `batch of ${message.length}`;
  if (typeof message?.method === 'string') return message.id === undefined ? message.method : `${message.method} #${String(message.id)}`;
  if (message?.error !== undefined) return `error ${message.error.code} #${String(message.id)}`;
  return `result #${String(message?.id)}`;
}

/** A frame event as a ring entry: stringified once, previewed when large. */
export function frameEntry(event: FrameEvent, callId?: number): FrameEntry {
  const frame = event.frame as { message?: unknown; malformed?: unknown; failure?: { error: Error } };
  const payload = frame.message ?? frame.malformed ?? { failure: frame.failure?.error.message };
  const json = JSON.stringify(payload) ?? 'undefined';
  const large = json.length > LARGE_PAYLOAD;
  return {
    seq: ++seq,
    time: Date.now(),
    direction: event.direction,
    summary: summarize(event),
    bytes: json.length,
    preview: large ? json.slice(0, PREVIEW_CHARS) : json,
    blob: large ? new Blob([json], { type: 'application/json' }) : undefined,
    large,
    callId,
  };
}

/** The protocol view's frames: a ring of the last 500, large payloads within a byte budget. */
export class FrameRing {
  entries: FrameEntry[] = [];
  readonly changed$ = new Subject<void>();
  received = 0;

  add(batch: readonly FrameEntry[]): void {
    if (batch.length === 0) return;
    this.received += batch.length;
    const all = this.entries.concat(batch);
    this.entries = all.length > RING_SIZE ? all.slice(all.length - RING_SIZE) : all;
    let budget = LARGE_BUDGET;
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index] as FrameEntry;
      if (entry.blob === undefined) continue;
      budget -= entry.bytes;
      if (budget < 0) entry.blob = undefined;
    }
    this.changed$.next();
  }

  /** The frames kept that call `callId` caused, oldest first. */
  ofCall(callId: number): FrameEntry[] {
    return this.entries.filter((entry) => entry.callId === callId);
  }

  clear(): void {
    this.entries = [];
    this.changed$.next();
  }
}
