import { Observable, Subscription, filter, map, take, throwError, timeout, timer, type MonoTypeOperatorFunction } from 'rxjs';
import { RequestTimeoutError } from '../../errors/errors.js';
import type { RequestId } from '../../protocol/jsonrpc.js';
import type { SubscriptionFilter } from '../../protocol/model/subscriptions.js';
import { TASKS_EXTENSION } from '../../protocol/model/tasks-extension.js';
import type { ClientConnection } from '../client-connection.js';
import { callOn } from '../call.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** Default time a listen stream may go without its acknowledgement before it is given up and re-opened. */
export const DEFAULT_LISTEN_ACK_TIMEOUT_MS = 10_000;
/**
 * Default time an acknowledged listen stream has to stay open to count as healthy: only then does the backoff of
 * its re-openings start over, so a server that acknowledges each stream and then drops it meets a growing delay.
 */
export const DEFAULT_LISTEN_HEALTHY_MS = 5_000;

function tagged(params: Readonly<Record<string, unknown>> | undefined, id: RequestId | undefined): boolean {
  const meta = params?.['_meta'] as Readonly<Record<string, unknown>> | undefined;
  return id !== undefined && meta?.[SUBSCRIPTION_ID] === id;
}

/** The error of a listen stream whose acknowledgement did not arrive within `ms`. */
export function ackTimeoutError(ms: number): RequestTimeoutError {
  return new RequestTimeoutError('subscriptions/listen', 'first', ms);
}

/** True for the error `listenOnce` fails with when the acknowledgement did not arrive in time. */
export function isAckTimeout(error: unknown): error is RequestTimeoutError {
  return RequestTimeoutError.is(error) && error.method === 'subscriptions/listen' && error.timeoutKind === 'first';
}

/**
 * One listen request on `ready`, emitting its acknowledgements; completes when the server ends it (result or
 * cancel); fails with `ackTimeoutError` when the first acknowledgement does not arrive within `ackTimeoutMs`.
 */
export function listenOnce(ready: ClientConnection, kinds: SubscriptionFilter, ackTimeoutMs: number): Observable<SubscriptionFilter> {
  const stream$ = new Observable<SubscriptionFilter>((subscriber) => {
    let listenId: RequestId | undefined;
    const notifications$ = ready.connection.notifications$;
    const acks$ = notifications$.pipe(
      filter((n) => n.method === 'notifications/subscriptions/acknowledged' && tagged(n.params, listenId)),
      map((n) => (n.params?.['notifications'] ?? {}) as SubscriptionFilter),
    );
    const endedByServer$ = notifications$.pipe(filter((n) => n.method === 'notifications/cancelled' && listenId !== undefined && n.params?.['requestId'] === listenId), take(1));
    const params = { notifications: kinds };
    // Task ids belong to the tasks extension: a listen that asks for them declares it.
    const callOptions = kinds.taskIds?.length ? { extensions: { [TASKS_EXTENSION]: {} } } : {};
    const options = { ...callOptions, timeout: false as const, onRequestId: (id: RequestId) => (listenId = id) };
    const subscriptions = new Subscription();
    subscriptions.add(acks$.subscribe((ack) => subscriber.next(ack)));
    subscriptions.add(endedByServer$.subscribe(() => subscriber.complete()));
    subscriptions.add(
      // Through the connection's links; not safe to repeat behind the listen manager's back (it must see each gap).
      callOn(ready, 'subscriptions/listen', params, options, false).subscribe({
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    );
    return subscriptions;
  });
  return stream$.pipe(timeout({ first: ackTimeoutMs, with: () => throwError(() => ackTimeoutError(ackTimeoutMs)) }));
}

/**
 * Calls `onHealthy` once the stream has stayed open `healthyMs` after its first value (for a listen stream: its
 * acknowledgement), and not if it ends or is unsubscribed before. Passes every notification through unchanged.
 */
export function healthyAfter<T>(healthyMs: number, onHealthy: () => void): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let clock: Subscription | undefined;
      const stop = () => clock?.unsubscribe();
      const main = source.subscribe({
        next: (value) => {
          clock ??= timer(healthyMs).subscribe(() => onHealthy());
          subscriber.next(value);
        },
        error: (error: unknown) => (stop(), subscriber.error(error)),
        complete: () => (stop(), subscriber.complete()),
      });
      return () => {
        stop();
        main.unsubscribe();
      };
    });
}
