import { EMPTY, Observable, filter, ignoreElements, map, merge, mergeMap, of } from 'rxjs';
import { McpError } from '../../errors/mcp-error.js';
import { decodeNotification } from '../../protocol/codec.js';
import type { LoggingLevel } from '../../protocol/model/common.js';
import type {
  ElicitationCompleteNotificationParams, LoggingMessageNotificationParams, ProgressNotificationParams,
} from '../../protocol/model/notifications.js';
import { isLevelAtLeast } from '../../protocol/model/notifications.js';
import type { ResourceUpdatedNotificationParams } from '../../protocol/model/resources.js';
import type { TaskStatusNotificationParams } from '../../protocol/model/tasks.js';
import type { ServerNotificationParamsOf } from '../../protocol/model/maps.js';
import { LATEST_PROTOCOL_VERSION } from '../../protocol/versions.js';
import type { ClientCore } from '../core.js';

/** Which list changed. */
export type ListKind = 'tools' | 'resources' | 'prompts';

/** One list change announcement (legacy notification or 2026-07-28 listen stream). */
export interface ListChange {
  /** The list that changed. */
  readonly kind: ListKind;
}

/**
 * The server's notifications as typed streams, all derived from the session's one hot notification stream. They
 * belong to the client, not to a connection: while subscribed they keep the client connected (it reconnects per
 * its policy) and they go on across reconnections; a lost connection shows on `state$`, not here.
 * Each is **hot** (a late subscriber sees only later notifications), **emits** the decoded params, **completes**
 * after `close()` and never **errors**: params that do not fit the revision's schema are dropped with a
 * diagnostic. **Teardown:** stops listening (and lets go of the connection).
 */
export interface NotificationStreams {
  /**
   * Log messages at `minLevel` or above (default: all). The server-side level is set with `setLoggingLevel`.
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  logs$(minLevel?: LoggingLevel): Observable<LoggingMessageNotificationParams>;
  /**
   * Every progress notification (each request's own progress is also on its events stream).
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  readonly progress$: Observable<ProgressNotificationParams>;
  /**
   * `notifications/resources/updated`: a resource the client follows changed (see also `watchResource`).
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  readonly resourceUpdated$: Observable<ResourceUpdatedNotificationParams>;
  /**
   * A list changed: the legacy `list_changed` notifications and the 2026-07-28 listen stream's alike.
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  readonly listChanged$: Observable<ListChange>;
  /**
   * 2025-11-25 task status notifications, passed through.
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  readonly taskStatus$: Observable<TaskStatusNotificationParams>;
  /**
   * 2025-11-25 URL-mode elicitation completions.
   *
   * - **Temperature:** hot; a late subscriber sees only later notifications. **Emits:** the decoded params.
   * - **Completes:** after `close()`. **Errors:** never (params that do not fit are dropped with a diagnostic).
   * - **Teardown:** stops listening (and lets go of the connection).
   */
  readonly elicitationComplete$: Observable<ElicitationCompleteNotificationParams>;
}

const LIST_KINDS: Readonly<Record<string, ListKind>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

/** `stream$`, keeping the client connected while subscribed. */
function live<T>(core: ClientCore, stream$: Observable<T>): Observable<T> {
  return merge(stream$, core.live$.pipe(ignoreElements()));
}

function typed<M extends string>(core: ClientCore, method: M): Observable<ServerNotificationParamsOf<M>> {
  return core.session.notifications$.pipe(
    filter((n) => n.method === method),
    mergeMap((n) => {
      const version = core.server()?.protocolVersion ?? LATEST_PROTOCOL_VERSION;
      try {
        return of(decodeNotification(version, method, n.params));
      } catch (error) {
        core.diagnose({ kind: 'invalid-message', message: `Dropped ${method}: ${(error as Error).message}`, value: n, ...(McpError.is(error) ? { error } : {}) });
        return EMPTY;
      }
    }),
  );
}

/** Builds the typed notification streams of a client. */
export function notificationStreams(core: ClientCore): NotificationStreams {
  return {
    logs$: (minLevel) => live(core, typed(core, 'notifications/message').pipe(filter((m) => minLevel === undefined || isLevelAtLeast(m.level, minLevel)))),
    progress$: live(core, typed(core, 'notifications/progress')),
    resourceUpdated$: live(core, typed(core, 'notifications/resources/updated')),
    listChanged$: live(
      core,
      core.session.notifications$.pipe(
        filter((n) => Object.hasOwn(LIST_KINDS, n.method)),
        map((n): ListChange => ({ kind: LIST_KINDS[n.method] as ListKind })),
      ),
    ),
    taskStatus$: live(core, typed(core, 'notifications/tasks/status')),
    elicitationComplete$: live(core, typed(core, 'notifications/elicitation/complete')),
  };
}
