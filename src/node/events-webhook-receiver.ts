import { ReplaySubject, share, Subject, type Observable } from 'rxjs';
import type { EventWebhookError } from '../errors/webhook-errors.js';
import type { EventsWebhookSource } from '../events/webhook-types.js';
import { eventsWebhook, type EventsWebhookOptions } from './events-webhook.js';

/** A webhook receiver shared by several subscriptions: what `webhookEvents` takes, and its refusals. */
export interface EventsWebhookReceiver extends EventsWebhookSource {
  /**
   * Every delivery the receiver refused (each also answered with its HTTP 4xx), as it happens: a bad signature, a
   * stale timestamp, a replay, a malformed body. The receiver goes on.
   *
   * **Temperature:** hot; refusals before subscribing are not replayed. **Emits:** each refused delivery's
   * `EventWebhookError`. **Completes:** never. **Errors:** never. **Teardown:** nothing.
   */
  readonly refusals$: Observable<EventWebhookError>;
}

/**
 * A webhook receiver (`eventsWebhook`) made to be shared: one HTTP server for several subscriptions of
 * `webhookEvents`, each of which sees only its own deliveries (routed by `X-MCP-Subscription-Id`), its URL as an
 * Observable, and its refusals as a diagnostics stream (`options.report` still receives them too).
 *
 * - **Temperature:** `notices$` is shared and reference-counted (the server starts with the first subscriber and
 *   closes after the last); `url$` and `refusals$` are hot.
 * - **Emits:** `notices$`: each verified delivery once per subscription; `url$`: the URL on listening;
 *   `refusals$`: each refused delivery's `EventWebhookError`.
 * - **Completes:** never.
 * - **Errors:** `notices$`: `EventWebhookError` (`bad-secret`) for an unusable secret, or the listen error; `url$` and
 *   `refusals$` never.
 * - **Teardown:** the last subscriber of `notices$` leaving closes the HTTP server.
 * @example
 * ```ts
 * import { webhookEvents } from 'rxmcp/events';
 * import { eventsWebhookReceiver } from 'rxmcp/node';
 *
 * const receiver = eventsWebhookReceiver({ secret });
 * receiver.refusals$.subscribe((refused) => console.warn(refused.failure, refused.message));
 * webhookEvents(client, 'example.tick', { every: 2 }, { receiver }).subscribe((notice) => console.log('even', notice));
 * webhookEvents(client, 'example.tick', { every: 3 }, { receiver }).subscribe((notice) => console.log('third', notice));
 * ```
 */
export function eventsWebhookReceiver(options: EventsWebhookOptions): EventsWebhookReceiver {
  const url$ = new ReplaySubject<string>(1);
  const refusals$ = new Subject<EventWebhookError>();
  const notices$ = eventsWebhook({
    ...options,
    onListening: (url) => (url$.next(url), options.onListening?.(url)),
    report: (error) => (refusals$.next(error), options.report?.(error)),
  }).pipe(share());
  return { notices$, url$: url$.asObservable(), refusals$: refusals$.asObservable(), secret: options.secret };
}
