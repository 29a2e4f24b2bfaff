import { distinctUntilChanged, EMPTY, filter, map, merge, type Observable } from 'rxjs';
import type { JsonRpcNotification } from '../../protocol/index.js';
import type { Connection } from '../connection.js';
import type { Styler } from '../style.js';

/** Where a watch stream writes: one line at a time, styled for that stream. */
export interface LineWriter {
  readonly line: (text: string) => void;
  readonly style: Styler;
}

/** One event of `watch` (and of `call --watch`). */
export interface WatchEvent {
  readonly kind: 'notification' | 'log' | 'progress' | 'list-changed' | 'resource-updated' | 'resource' | 'stderr' | 'frame' | 'state' | 'input-required' | 'result';
  /** The notification the event came from, if any. */
  readonly method?: string;
  readonly [member: string]: unknown;
}

/** Where events go: NDJSON lines with a timestamp `t`, or readable lines on a terminal. */
export interface WatchStream {
  emit(event: WatchEvent): void;
}

const LIST_CHANGES: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

/** The event of one notification: typed for logs, progress, list changes and resource updates. */
export function notificationEvent(notification: JsonRpcNotification): WatchEvent {
  const { method } = notification;
  const params = (notification.params ?? {}) as Readonly<Record<string, unknown>>;
  const { _meta: _ignored, ...rest } = params;
  if (method === 'notifications/message') return { kind: 'log', method, ...rest };
  if (method === 'notifications/progress') return { kind: 'progress', method, ...rest };
  if (method === 'notifications/resources/updated') return { kind: 'resource-updated', method, ...rest };
  const list = LIST_CHANGES[method];
  if (list !== undefined) return { kind: 'list-changed', method, list };
  return { kind: 'notification', method, ...(notification.params === undefined ? {} : { params: notification.params }) };
}

/** Which sources to follow. */
export interface EventOptions {
  readonly frames: boolean;
  readonly state: boolean;
}

/**
 * The events of a connection: every notification, the spawned server's stderr lines, the client's state changes
 * (`state`) and every frame in and out (`frames`).
 *
 * - **Temperature:** hot (subscribe before anything is sent to see it all).
 * - **Emits:** one `WatchEvent` per notification, stderr line, state change and frame, in arrival order.
 * - **Completes:** when the client closes. **Errors:** never.
 * - **Teardown:** stops listening.
 */
export function connectionEvents(connection: Connection, options: EventOptions): Observable<WatchEvent> {
  const { client, opened } = connection;
  const notifications$ = client.session.notifications$.pipe(map(notificationEvent));
  const stderr$ = opened.stdio === undefined ? EMPTY : opened.stdio.stderr$.pipe(map((line): WatchEvent => ({ kind: 'stderr', line })));
  const frames$ = !options.frames
    ? EMPTY
    : client.session.frames$.pipe(map((event): WatchEvent => ({ kind: 'frame', direction: event.direction, ...('message' in event.frame ? { message: event.frame.message } : { malformed: (event.frame as { malformed?: unknown }).malformed }) })));
  const state$ = !options.state
    ? EMPTY
    : client.state$.pipe(
        filter((state) => state.status !== 'idle'),
        distinctUntilChanged((a, b) => a.status === b.status),
        map((state): WatchEvent => {
          if (state.status === 'ready') {
            return { kind: 'state', status: 'ready', protocolVersion: state.server.protocolVersion, era: state.server.era, ...(state.server.serverInfo === undefined ? {} : { serverInfo: state.server.serverInfo }) };
          }
          const error = 'error' in state ? state.error : undefined;
          return { kind: 'state', status: state.status, ...(error === undefined ? {} : { error: error.message }) };
        }),
      );
  return merge(state$, frames$, notifications$, stderr$);
}

function describe(event: WatchEvent): string {
  const { kind: _kind, method: _method, ...rest } = event;
  if (event.kind === 'log') return `${String(event['level'])}${event['logger'] === undefined ? '' : ` ${String(event['logger'])}`}: ${typeof event['data'] === 'string' ? event['data'] : JSON.stringify(event['data'])}`;
  if (event.kind === 'stderr') return String(event['line']);
  if (event.kind === 'list-changed') return `${String(event['list'])} changed`;
  if (event.kind === 'resource') return resourceLines(event);
  if (event.kind === 'state') return String(event['status']) + (event['reason'] === undefined ? '' : ` (${String(event['reason'])})`);
  if (event.kind === 'frame') return `${event['direction'] === 'in' ? '←' : '→'} ${JSON.stringify(event['message'] ?? event['malformed'])}`;
  if (event.kind === 'notification') return `${event.method ?? ''} ${event['params'] === undefined ? '' : JSON.stringify(event['params'])}`;
  return JSON.stringify(rest);
}

/** A `resource` event as text: the URI, then each content's text (binary contents as their size). */
function resourceLines(event: WatchEvent): string {
  const contents = Array.isArray(event['contents']) ? (event['contents'] as Readonly<Record<string, unknown>>[]) : [];
  const texts = contents.map((item) => (typeof item['text'] === 'string' ? item['text'] : `[blob, ${String(item['blob'] ?? '').length} base64 characters]`));
  return [String(event['uri']), ...texts].join('\n');
}

/** A stream of events to `out`: NDJSON (`{ t, kind, … }` per line), or readable lines with a time of day. */
export function watchStream(out: LineWriter, ndjson: boolean, now: () => number): WatchStream {
  return {
    emit: (event) => {
      const t = new Date(now()).toISOString();
      if (ndjson) return out.line(JSON.stringify({ t, ...event }));
      const time = out.style('dim', t.slice(11, 23));
      out.line(`${time} ${out.style(event.kind === 'stderr' ? 'gray' : event.kind === 'log' ? 'yellow' : 'cyan', event.kind.padEnd(16))} ${describe(event)}`);
    },
  };
}
