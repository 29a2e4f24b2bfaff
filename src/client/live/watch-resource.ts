import {
  EMPTY, NEVER, ReplaySubject, catchError, concatWith, defer, filter, finalize, ignoreElements, merge, share, startWith, switchMap, takeUntil,
  tap, throwError, type Observable,
} from 'rxjs';
import { RpcError, SchemaError } from '../../errors/errors.js';
import { hasCapability } from '../../protocol/model/capabilities.js';
import type { ReadResourceResult } from '../../protocol/model/resources.js';
import { callOn } from '../call.js';
import type { ClientConnection } from '../client-connection.js';
import type { ClientCore } from '../core.js';
import { resultOf } from '../verbs.js';
import type { ListenManager } from './listen.js';

/** Keeps one shared watch per URI. */
export type ResourceWatches = (uri: string) => Observable<ReadResourceResult>;

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Reads the resource on `ready`. The server's answers (an RPC error such as not-found, a malformed result) end the
 * watch with that error; a read lost to the connection or its transport is reported and the watch waits for the
 * next update or connection.
 */
function read(core: ClientCore, ready: ClientConnection, uri: string): Observable<ReadResourceResult> {
  return resultOf<ReadResourceResult>(callOn(ready, 'resources/read', { uri }, {})).pipe(
    catchError((error: unknown) => {
      if (RpcError.is(error) || SchemaError.is(error)) return throwError(() => error);
      core.diagnose({ kind: 'subscription-failed', message: `Reading ${uri} for its watch failed (${reason(error)}): waiting for the next update`, value: uri });
      return EMPTY;
    }),
  );
}

/** Legacy: `resources/subscribe` on this connection; `resources/unsubscribe` on it too, and only while it is open. */
function legacySubscription(core: ClientCore, ready: ClientConnection, uri: string): Observable<never> {
  return defer(() => {
    let subscribed = false;
    return resultOf(callOn(ready, 'resources/subscribe', { uri }, {})).pipe(
      tap(() => (subscribed = true)),
      ignoreElements(),
      concatWith(NEVER),
      finalize(() => {
        if (subscribed && ready.connection.end === undefined) resultOf(callOn(ready, 'resources/unsubscribe', { uri }, {})).subscribe({ error: () => undefined });
      }),
    );
  });
}

function subscription(core: ClientCore, listen: ListenManager, ready: ClientConnection, uri: string): Observable<never> {
  if (!hasCapability(ready.server.capabilities, ['resources', 'subscribe'])) return EMPTY;
  const subscribed$ = ready.policy.revision.resourceUpdates === 'listen' ? listen.need({ resourceSubscriptions: [uri] }) : legacySubscription(core, ready, uri);
  return subscribed$.pipe(
    catchError((error: unknown) => {
      if (ready.connection.end === undefined) {
        core.diagnose({ kind: 'subscription-failed', message: `No update subscription for ${uri} (${reason(error)}): the watch gets no updates`, value: uri });
      }
      return EMPTY;
    }),
  );
}

/** The watch on one connection: subscribe, read now, read again on every update and after every listen gap. */
function watchOn(core: ClientCore, listen: ListenManager, ready: ClientConnection, uri: string): Observable<ReadResourceResult> {
  const updated$ = ready.connection.notifications$.pipe(filter((n) => n.method === 'notifications/resources/updated' && n.params?.['uri'] === uri));
  const gaps$ = listen.reopened$.pipe(filter((r) => r === ready));
  const reads$ = merge(updated$, gaps$).pipe(startWith(null), switchMap(() => read(core, ready, uri)));
  return merge(reads$, subscription(core, listen, ready, uri)).pipe(takeUntil(ready.ended$));
}

/**
 * Watches of resources by URI: each emits the resource's contents now and again whenever the server says it was
 * updated (legacy `resources/subscribe` + `notifications/resources/updated`; 2026-07-28 a listen stream with
 * `resourceSubscriptions`). A watch belongs to the client: when the connection is lost it stays subscribed, the
 * client reconnects, and the watch subscribes and reads again on the new connection (nothing is sent on, or
 * opened for, the lost one). Several subscribers to one URI share one server subscription; the last one to leave
 * ends it. Servers without resource subscriptions give the contents once per connection.
 *
 * Each watch: **Temperature:** hot and shared per URI, replaying the latest contents. **Emits:** the contents at
 * once, then after every update and after every reconnection. **Completes:** after the client is closed.
 * **Errors:** what the server answers a read with (e.g. `ResourceNotFoundError`). **Teardown:** the last
 * subscriber's leaving ends the server subscription.
 */
export function resourceWatches(core: ClientCore, listen: ListenManager): ResourceWatches {
  const watches = new Map<string, Observable<ReadResourceResult>>();
  return (uri) => {
    let shared = watches.get(uri);
    if (!shared) {
      shared = core.live$.pipe(
        switchMap((ready) => watchOn(core, listen, ready, uri)),
        finalize(() => watches.delete(uri)),
        share({ connector: () => new ReplaySubject<ReadResourceResult>(1), resetOnRefCountZero: true, resetOnError: true, resetOnComplete: true }),
      );
      watches.set(uri, shared);
    }
    return shared;
  };
}
