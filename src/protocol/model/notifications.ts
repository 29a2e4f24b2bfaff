import type { RequestId } from '../jsonrpc.js';
import type { EmptyResult, LoggingLevel, NotificationParamsBase, ProgressToken, RequestParamsBase } from './common.js';

/** Params of `notifications/progress` (`message` from 2025-03-26). `progress` grows with each notification. */
export interface ProgressNotificationParams extends NotificationParamsBase {
  /** The token of the request the progress is about. */
  readonly progressToken: ProgressToken;
  /** How far the work is; it grows with each notification. */
  readonly progress: number;
  /** The value `progress` reaches at the end, when known. */
  readonly total?: number;
  /** What is happening, for people (2025-03-26+). */
  readonly message?: string;
}

/**
 * Params of `notifications/cancelled`. `requestId` may be absent only in 2025-11-25 (task cancellations
 * use `tasks/cancel` instead).
 */
export interface CancelledNotificationParams extends NotificationParamsBase {
  /** The id of the request to cancel. */
  readonly requestId?: RequestId;
  /** Why, for logs. */
  readonly reason?: string;
}

/** Params of `notifications/message` (a log entry; `data` is any JSON value). */
export interface LoggingMessageNotificationParams extends NotificationParamsBase {
  /** The entry's severity. */
  readonly level: LoggingLevel;
  /** Which part of the server logged it. */
  readonly logger?: string;
  /** The entry: a string or any JSON value. */
  readonly data: unknown;
}

/** Params of the `list_changed` notifications and `notifications/initialized`. */
export type ListChangedNotificationParams = NotificationParamsBase;

/** Params of `notifications/elicitation/complete` (2025-11-25 only). */
export interface ElicitationCompleteNotificationParams extends NotificationParamsBase {
  /** The URL elicitation the user completed. */
  readonly elicitationId: string;
}

/** Params of the legacy `logging/setLevel` request. */
export interface SetLevelRequestParams extends RequestParamsBase {
  /** The least severe level the client wants `notifications/message` for. */
  readonly level: LoggingLevel;
}

/** True when a log entry of `level` passes a `threshold` level (RFC 5424 order). */
export function isLevelAtLeast(level: LoggingLevel, threshold: LoggingLevel): boolean {
  return LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(threshold);
}

const LEVEL_ORDER: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The logging request the client sends (legacy revisions), with its params and decoded result (part of `ClientRequests`). */
export interface LoggingRequests {
  readonly 'logging/setLevel': { readonly params: SetLevelRequestParams; readonly result: EmptyResult };
}
