import type { InputRequests } from '../protocol/model/mrtr.js';
import type { ProgressEvent } from '../session/types.js';

/** The server needs input before it can answer (2026-07-28); the client is fulfilling it. */
export interface InputRequiredEvent {
  /** Always `'input-required'`. */
  readonly type: 'input-required';
  /** 1 for the first `input_required` answer of the call, 2 for the next, ... */
  readonly round: number;
  /** What the server asked for; the client fulfils each through its handlers before it retries. */
  readonly inputRequests: InputRequests;
}

/** What an events-variant verb emits: progress, input rounds, then the decoded result. */
export type CallEvent<R> = ProgressEvent | InputRequiredEvent | {
  /** The last event. */
  readonly type: 'result';
  /** The decoded result. */
  readonly result: R
};

