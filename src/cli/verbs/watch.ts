import { asyncScheduler, filter, map, merge, mergeMap, type Observable, Subject, Subscription, take, timer } from 'rxjs';
import type { ServerSession } from '../../index.js';
import type { Connection } from '../connection.js';
import { describeFailure, EXIT } from '../failure.js';
import type { Run } from '../run-context.js';
import { connectionEvents, watchStream, type WatchEvent, type WatchStream } from './watch-events.js';

/** Why a watch ended, and how the tool exits. */
interface End {
  readonly reason: 'count' | 'until' | 'timeout' | 'interrupted' | 'disconnected';
  readonly exitCode: number;
  readonly error?: unknown;
}

const FROM_NOTIFICATIONS = new Set(['notification', 'log', 'progress', 'list-changed', 'resource-updated']);

/** Ends after `--count` notifications or at the first one that `--until` names (a method, or an event kind). */
function bounded(run: Run, events$: Observable<WatchEvent>, stream: WatchStream): Observable<End> {
  const { count, until } = run.command.options;
  let seen = 0;
  return events$.pipe(
    mergeMap((event) => {
      stream.emit(event);
      const named = until !== undefined && (event.method === until || event.kind === until);
      if (named && event.kind === 'resource') return [{ reason: 'until', exitCode: EXIT.ok } as End];
      if (!FROM_NOTIFICATIONS.has(event.kind)) return [];
      seen += 1;
      if (named) return [{ reason: 'until', exitCode: EXIT.ok } as End];
      if (count !== undefined && seen >= count) return [{ reason: 'count', exitCode: EXIT.ok } as End];
      return [];
    }),
  );
}

/**
 * What keeps the server talking: the connection, live lists where the server announces changes, resource watches
 * (whose contents, read at the start and after each update, go into `resources` as `resource` events).
 */
function hold(connection: Connection, server: ServerSession, uris: readonly string[], resources: Subject<WatchEvent>): Subscription {
  const { client } = connection;
  const held = new Subscription();
  const ignore = { error: () => undefined };
  held.add(client.session.connection$.subscribe(ignore));
  if (server.era === 'modern') {
    // On 2026-07-28 changes are announced on a subscriptions/listen stream, which the live lists hold open.
    if (server.capabilities.tools?.listChanged === true) held.add(client.tools$.subscribe(ignore));
    if (server.capabilities.prompts?.listChanged === true) held.add(client.prompts$.subscribe(ignore));
    if (server.capabilities.resources?.listChanged === true) held.add(client.resources$.subscribe(ignore));
  }
  for (const uri of uris) {
    held.add(client.watchResource(uri).subscribe({ next: (result) => resources.next({ kind: 'resource', uri, contents: result.contents }), error: () => undefined }));
  }
  return held;
}

function ends(run: Run, connection: Connection, events$: Observable<WatchEvent>, stream: WatchStream): Observable<End> {
  const { count, until, timeoutMs } = run.command.options;
  const bounds = count !== undefined || until !== undefined;
  const timeout$ = timeoutMs === undefined ? [] : [timer(timeoutMs).pipe(map((): End => ({ reason: 'timeout', exitCode: bounds ? EXIT.usage : EXIT.ok })))];
  const dropped$ = connection.client.state$.pipe(
    filter((state) => state.status === 'disconnected' || state.status === 'failed'),
    map((state): End => ({ reason: 'disconnected', exitCode: EXIT.unreachable, error: 'error' in state ? state.error : undefined })),
  );
  const interrupted$ = run.interrupted$.pipe(map((): End => ({ reason: 'interrupted', exitCode: EXIT.ok })));
  return merge(bounded(run, events$, stream), interrupted$, dropped$, ...timeout$).pipe(take(1));
}

/**
 * `watch`: every notification, log message, progress report, list change, resource update, stderr line (and, with
 * `--frames`, every frame) as it comes, NDJSON `{ t, kind, … }` on a pipe or with `--json`, readable lines on a
 * terminal. Ends after `--count` notifications, at the first that `--until` names, after `--timeout` ms, or on
 * Ctrl-C, with a last `state` event giving the reason. A watch bounded by `--count`/`--until` that times out exits 1;
 * one whose server goes away exits 4.
 */
export async function watchVerb(run: Run, connection: Connection): Promise<number> {
  const ndjson = run.out.json || run.out.stdout.isTTY !== true;
  const stream = watchStream({ line: run.out.line, style: run.out.style }, ndjson, () => asyncScheduler.now());
  const resources = new Subject<WatchEvent>();
  const events$ = merge(connectionEvents(connection, { frames: run.command.options.frames, state: true }), resources);
  let held: Subscription | undefined;
  let watching: Subscription | undefined;
  try {
    const end = new Promise<End>((resolve) => (watching = ends(run, connection, events$, stream).subscribe(resolve)));
    const started = connection.connect().then((server) => (held = hold(connection, server, run.command.options.resources, resources)));
    const outcome = await Promise.race([end, started.then(() => end)]);
    stream.emit({ kind: 'state', status: 'closed', reason: outcome.reason });
    if (outcome.reason === 'disconnected' && outcome.error !== undefined) {
      run.out.fail(describeFailure(outcome.error, connection.context(connection.server() === undefined ? 'connect' : 'request')));
    }
    return outcome.exitCode;
  } finally {
    held?.unsubscribe();
    watching?.unsubscribe();
  }
}
