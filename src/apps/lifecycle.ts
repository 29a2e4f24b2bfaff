import { catchError, concat, concatMap, defaultIfEmpty, EMPTY, filter, from, map, mergeMap, Observable, Subscription, take } from 'rxjs';
import type { JsonRpcNotification } from '../protocol/jsonrpc.js';
import type { Params, Session } from '../session/types.js';
import type { AppEvent, AppPermissions, AppResource, AppToolCall } from './types.js';

/** What the app's lifecycle needs beside its session. */
export interface LifecycleDeps {
  readonly resource: AppResource;
  readonly permissions: AppPermissions;
  readonly call: AppToolCall | undefined;
  readonly emit: (event: AppEvent) => void;
  readonly resize: (height: number) => void;
  readonly fail: (error: unknown) => void;
}

const method = (name: string) => (source: Observable<JsonRpcNotification>) => source.pipe(filter((note) => note.method === name));

const size = (params: Params | undefined): { width?: number; height?: number } => {
  const width = Number(params?.['width']);
  const height = Number(params?.['height']);
  return { ...(Number.isFinite(width) && width > 0 ? { width } : {}), ...(Number.isFinite(height) && height > 0 ? { height } : {}) };
};

/** What the app hears of its tool call: partial input, the complete input, then the result or the cancellation. */
function toolCallNotes(session: Session, call: AppToolCall): Observable<never> {
  const partial$ = (call.partialInput$ ?? EMPTY).pipe(concatMap((args) => session.notify('ui/notifications/tool-input-partial', { arguments: args })));
  const input$ = call.input === undefined ? EMPTY : session.notify('ui/notifications/tool-input', { arguments: call.input });
  const cancelled = (reason: string): Observable<never> => session.notify('ui/notifications/tool-cancelled', { reason });
  const result$ = call.result$ === undefined
    ? EMPTY
    : from(call.result$).pipe(
        take(1),
        map((result) => ({ result })),
        defaultIfEmpty(undefined),
        catchError((error: unknown) => cancelled(error instanceof Error ? error.message : String(error))),
        mergeMap((settled) => (settled === undefined ? cancelled('The call ended without a result') : session.notify('ui/notifications/tool-result', settled.result as unknown as Params))),
      );
  return concat(partial$, input$, result$);
}

/**
 * The app's lifecycle on its session (SEP-1865): the resource goes to the sandbox proxy once it is ready, the app's
 * notifications become events, and once the app is initialized, its tool call's input and outcome reach it.
 */
export function lifecycle(session: Session, deps: LifecycleDeps): Subscription {
  const notes$ = session.notifications$;
  const subscription = new Subscription();
  const { csp } = deps.resource.meta;
  subscription.add(
    notes$.pipe(method('ui/notifications/sandbox-proxy-ready'), take(1), concatMap(() =>
      session.notify('ui/notifications/sandbox-resource-ready', { html: deps.resource.html, ...(csp === undefined ? {} : { csp }), permissions: deps.permissions }),
    )).subscribe({ error: deps.fail }),
  );
  subscription.add(notes$.pipe(method('ui/notifications/size-changed')).subscribe((note) => {
    const reported = size(note.params);
    if (reported.height !== undefined) deps.resize(reported.height);
    deps.emit({ type: 'size', ...reported });
  }));
  subscription.add(notes$.pipe(method('notifications/message')).subscribe((note) => deps.emit({ type: 'log', params: note.params ?? {} })));
  subscription.add(notes$.pipe(method('ui/notifications/request-teardown')).subscribe(() => deps.emit({ type: 'teardown-requested' })));
  subscription.add(
    notes$.pipe(method('ui/notifications/initialized'), take(1), concatMap(() => {
      deps.emit({ type: 'initialized' });
      return deps.call === undefined ? EMPTY : toolCallNotes(session, deps.call);
    })).subscribe({ error: deps.fail }),
  );
  return subscription;
}
