import { filter, type Observable, type Subscription } from 'rxjs';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import type { Diagnostic, Params } from '../session/types.js';

/** A notification callback: the params (`{}` when absent) and the whole notification. */
export type NotificationCallback = (params: Params, notification: JsonRpcNotification) => void;

/**
 * Calls `callback` with every notification of `method` (`'*'` for every notification) from `notifications$`. A
 * callback that throws is reported on `diagnostics$` and the stream goes on. Returns what ends it.
 */
export function onNotification(
  notifications$: Observable<JsonRpcNotification>,
  method: string,
  callback: NotificationCallback,
  diagnose: (diagnostic: Diagnostic) => void,
): Subscription {
  return notifications$.pipe(filter((n) => method === '*' || n.method === method)).subscribe((notification) => {
    try {
      callback(notification.params ?? {}, notification);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      diagnose({ kind: 'handler-error', message: `The callback for ${notification.method} threw: ${reason}; it keeps receiving notifications`, value: notification });
    }
  });
}
