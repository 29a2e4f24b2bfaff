import {
  EMPTY, NEVER, ReplaySubject, catchError, concatWith, defer, filter, finalize, ignoreElements, merge, share, startWith, switchMap, tap,
  type Observable,
} from 'rxjs';
import { hasCapability } from '../../protocol/model/capabilities.js';
import type { ReadResourceResult } from '../../protocol/model/resources.js';
import type { ClientCore } from '../core.js';
import { resultOf } from '../verbs.js';
import type { Negotiated } from '../negotiate.js';
import type { ListenManager } from './listen.js';

/** Keeps one shared watch per URI. */
export type ResourceWatches = (uri: string) => Observable<ReadResourceResult>;

function read(core: ClientCore, uri: string): Observable<ReadResourceResult> {
  return resultOf<ReadResourceResult>(core.call('resources/read', { uri }));
}

function updatesOf(core: ClientCore, uri: string): Observable<unknown> {
  return core.session.notifications$.pipe(filter((n) => n.method === 'notifications/resources/updated' && n.params?.['uri'] === uri));
}

/** Legacy: `resources/subscribe` now, `resources/unsubscribe` (fire and forget) when the watch ends. */
function legacySubscription(core: ClientCore, uri: string): Observable<never> {
  return defer(() => {
    let subscribed = false;
    return resultOf(core.call('resources/subscribe', { uri })).pipe(
      tap(() => (subscribed = true)),
      ignoreElements(),
      concatWith(NEVER),
      finalize(() => {
        if (subscribed) resultOf(core.call('resources/unsubscribe', { uri })).subscribe({ error: () => undefined });
      }),
    );
  });
}

function subscription(core: ClientCore, listen: ListenManager, negotiated: Negotiated, uri: string): Observable<never> {
  if (!hasCapability(negotiated.server.capabilities, ['resources', 'subscribe'])) return EMPTY;
  return negotiated.server.era === 'modern' ? listen.need({ resourceSubscriptions: [uri] }) : legacySubscription(core, uri);
}

function watch(core: ClientCore, listen: ListenManager, uri: string): Observable<ReadResourceResult> {
  return core.ready().pipe(
    switchMap((negotiated) => {
      const reads$ = updatesOf(core, uri).pipe(startWith(null), switchMap(() => read(core, uri)));
      const subscribed$ = subscription(core, listen, negotiated, uri).pipe(
        catchError((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          core.diagnose({ kind: 'subscription-failed', message: `No update subscription for ${uri} (${reason}): the watch gets no updates`, value: uri });
          return EMPTY;
        }),
      );
      return merge(reads$, subscribed$);
    }),
  );
}

/**
 * Watches of resources by URI: each emits the resource's contents now and again whenever the server says it was
 * updated (legacy `resources/subscribe` + `notifications/resources/updated`; 2026-07-28 a listen stream with
 * `resourceSubscriptions`). Several subscribers to one URI share one server subscription; the last one to leave
 * ends it (`resources/unsubscribe`, or the URI leaves the listen stream). Servers without resource subscriptions
 * give the contents once and then nothing more.
 *
 * Each watch: **Temperature:** hot and shared per URI, replaying the latest contents. **Emits:** the contents at
 * once, then after every update. **Completes:** when the connection ends. **Errors:** what `readResource` errors
 * with (e.g. `ResourceNotFoundError`). **Teardown:** the last subscriber's leaving ends the server subscription.
 */
export function resourceWatches(core: ClientCore, listen: ListenManager): ResourceWatches {
  const watches = new Map<string, Observable<ReadResourceResult>>();
  return (uri) => {
    let shared = watches.get(uri);
    if (!shared) {
      shared = watch(core, listen, uri).pipe(
        finalize(() => watches.delete(uri)),
        share({ connector: () => new ReplaySubject<ReadResourceResult>(1), resetOnRefCountZero: true, resetOnError: true, resetOnComplete: true }),
      );
      watches.set(uri, shared);
    }
    return shared;
  };
}
