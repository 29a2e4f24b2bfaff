import { Observable, Subscription, expand, filter, map, switchMap, throwError, timeout, timer } from 'rxjs';
import type { Client } from '../client/client-types.js';
import { EventSubscriptionError } from '../errors/event-errors.js';
import { RequestTimeoutError } from '../errors/errors.js';
import type { RequestId } from '../protocol/jsonrpc.js';
import type { EventOccurrence, EventStreamErrorParams, EventSubscriptionParams, PollEventsResult } from '../protocol/model/events.js';

/** What one round of a delivery mode brings. */
export type DeliveryStep =
  /** A poll answer: its occurrences, the position after them, and whether the server skipped some first. */
  | { readonly kind: 'batch'; readonly events: readonly EventOccurrence[]; readonly cursor: string | null; readonly truncated: boolean }
  /** A position without occurrences (`active`, `heartbeat`). */
  | { readonly kind: 'position'; readonly cursor: string | null; readonly truncated: boolean }
  /** One pushed occurrence. */
  | { readonly kind: 'event'; readonly occurrence: EventOccurrence }
  /** A transient failure the server reports on a push stream (`notifications/events/error`). */
  | { readonly kind: 'error'; readonly error: EventStreamErrorParams['error'] };

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** Timing of the poll loop. */
export interface PollTiming {
  readonly minPollMs: number;
  readonly defaultPollMs: number;
}

function batchOf(result: PollEventsResult): DeliveryStep & { readonly kind: 'batch' } {
  return { kind: 'batch', events: result.events, cursor: result.cursor ?? null, truncated: result.truncated === true };
}

/**
 * The poll loop of one subscription: `events/poll` from `cursor`, then again after `nextPollMs` (at least
 * `minPollMs`; at once while `hasMore`), each time from the cursor the last answer gave. Timer work: in virtual time
 * under a test scheduler. Unsubscribing stops it (and cancels a poll in flight).
 */
export function pollSteps(client: Client, params: EventSubscriptionParams & { readonly maxEvents?: number }, timing: PollTiming): Observable<DeliveryStep> {
  const once = (cursor: string | null) => client.pollEvents({ ...params, cursor }).pipe(map((result) => ({ result, step: batchOf(result) })));
  const wait = (result: PollEventsResult) => (result.hasMore === true ? 0 : Math.max(timing.minPollMs, result.nextPollMs ?? timing.defaultPollMs));
  return once(params.cursor).pipe(
    expand(({ result, step }) => timer(wait(result)).pipe(switchMap(() => once(step.cursor)))),
    map(({ step }) => step),
  );
}

function stepOf(method: string, params: Readonly<Record<string, unknown>>, name: string): DeliveryStep | EventSubscriptionError | undefined {
  const position = () => ({ kind: 'position' as const, cursor: (params['cursor'] as string | null | undefined) ?? null, truncated: params['truncated'] === true });
  switch (method) {
    case 'notifications/events/event':
      return { kind: 'event', occurrence: params as unknown as EventOccurrence };
    case 'notifications/events/active':
    case 'notifications/events/heartbeat':
      return position();
    case 'notifications/events/error':
      return { kind: 'error', error: (params as unknown as EventStreamErrorParams).error };
    case 'notifications/events/terminated': {
      const { error } = params as unknown as EventStreamErrorParams;
      return new EventSubscriptionError(name, 'terminated', `The server ended the subscription to "${name}": ${error.message}`, { rpcCode: error.code, data: error.data });
    }
    default:
      return undefined;
  }
}

/**
 * One `events/stream` of one subscription: the notifications tagged with its request id, as steps; fails with
 * `EventSubscriptionError` (`terminated`) on `notifications/events/terminated`, with `RequestTimeoutError` (`idle`)
 * when neither an event nor a heartbeat arrives for `heartbeatTimeoutMs`; completes when the server ends the stream.
 * Unsubscribing ends the stream on the wire.
 */
export function pushSteps(client: Client, params: EventSubscriptionParams, heartbeatTimeoutMs: number): Observable<DeliveryStep> {
  const steps$ = new Observable<DeliveryStep>((subscriber) => {
    let id: RequestId | undefined;
    const subscriptions = new Subscription();
    const ours = client.session.notifications$.pipe(
      filter((n) => n.method.startsWith('notifications/events/') && id !== undefined),
      filter((n) => String((n.params?.['_meta'] as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID]) === String(id)),
    );
    subscriptions.add(
      ours.subscribe((n) => {
        const step = stepOf(n.method, n.params ?? {}, params.name);
        if (step instanceof EventSubscriptionError) subscriber.error(step);
        else if (step !== undefined) subscriber.next(step);
      }),
    );
    const options = { timeout: false as const, onRequestId: (requestId: RequestId) => (id = requestId) };
    subscriptions.add(client.streamEvents(params, options).subscribe({ error: (error: unknown) => subscriber.error(error), complete: () => subscriber.complete() }));
    return subscriptions;
  });
  return steps$.pipe(timeout({ each: heartbeatTimeoutMs, with: () => throwError(() => new RequestTimeoutError('events/stream', 'idle', heartbeatTimeoutMs)) }));
}
