import { distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { Prompt } from '../../protocol/model/prompts.js';
import type { ReadResourceResult, Resource, ResourceTemplate } from '../../protocol/model/resources.js';
import type { EventType } from '../../protocol/model/events.js';
import type { Skill } from '../../protocol/model/skills.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { ClientConnection } from '../client-connection.js';
import type { CatalogState } from './catalog.js';
import type { ClientState } from './client-state.js';
import type { NotificationStreams } from './notifications.js';

/**
 * The live, hot views of a server that a client offers, the same in every protocol revision.
 *
 * Catalogs (`*State$` and the plain lists): **Temperature:** hot, shared, lazy (the first subscriber lists every
 * page), replaying the latest value. **Emits:** `*State$` a `CatalogState` per change (change announced, refresh
 * started, loaded, failed); the plain lists each complete list once loaded. **Completes:** after `close()`.
 * **Errors:** never (a failed refresh keeps the last good items and sets `error`). **Teardown:** listening stops
 * `graceMs` after the last subscriber leaves.
 */
export interface LiveState {
  /**
   * The client's connection state for UIs.
   *
   * - **Temperature:** hot, replaying the current state. **Emits:** the state, then every change.
   * - **Completes:** after `close()`. **Errors:** never. **Teardown:** stops listening.
   * @example
   * ```ts
   * client.state$.subscribe((state) => console.log(state.status)); // idle → connecting → ready …
   * ```
   */
  readonly state$: Observable<ClientState>;
  /**
   * The tool catalog with its freshness (`items`, `stale`, `refreshing`, `error`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly toolsState$: Observable<CatalogState<Tool>>;
  /**
   * The resource catalog with its freshness (`items`, `stale`, `refreshing`, `error`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly resourcesState$: Observable<CatalogState<Resource>>;
  /**
   * The resource template catalog with its freshness (`items`, `stale`, `refreshing`, `error`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly resourceTemplatesState$: Observable<CatalogState<ResourceTemplate>>;
  /**
   * The prompt catalog with its freshness (`items`, `stale`, `refreshing`, `error`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly promptsState$: Observable<CatalogState<Prompt>>;
  /**
   * The skill catalog of the Skills extension with its freshness (`items`, `stale`, `refreshing`, `error`): the
   * entries of `skills/list`, listed again when the server announces a resource list change. Empty where the server
   * does not offer the extension. It reads no skill file.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly skillsState$: Observable<CatalogState<Skill>>;
  /**
   * The event type catalog of the Events extension with its freshness (`items`, `stale`, `refreshing`, `error`): the
   * entries of `events/list`, listed again on `notifications/events/list_changed` where the server declares
   * `listChanged`. Empty where the server does not offer the extension.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest state.
   * - **Emits:** a `CatalogState` per change: change announced, refresh started, loaded, failed.
   * - **Completes:** after `close()`. **Errors:** never (a failed refresh keeps the last good items and sets `error`).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly eventTypesState$: Observable<CatalogState<EventType>>;
  /**
   * The current tool list, after every change.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see the `*State$` stream for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   * @example
   * ```ts
   * // The tool list now, and again after each `notifications/tools/list_changed`:
   * client.tools$.subscribe((tools) => console.log(`${tools.length} tools`));
   * ```
   */
  readonly tools$: Observable<readonly Tool[]>;
  /**
   * The current resource list, after every change.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see the `*State$` stream for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly resources$: Observable<readonly Resource[]>;
  /**
   * The current resource template list, after every change.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see the `*State$` stream for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly resourceTemplates$: Observable<readonly ResourceTemplate[]>;
  /**
   * The current prompt list, after every change.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see the `*State$` stream for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   */
  readonly prompts$: Observable<readonly Prompt[]>;
  /**
   * The current skill entries (Skills extension), after every change; an empty list where the server offers none.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see `skillsState$` for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   * @example
   * ```ts
   * client.skills$.subscribe((skills) => console.log(skills.map((skill) => skill.frontmatter.name)));
   * ```
   */
  readonly skills$: Observable<readonly Skill[]>;
  /**
   * The current event types (Events extension), after every change; an empty list where the server offers none.
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists every page), replaying the latest list.
   * - **Emits:** each complete list once loaded. **Completes:** after `close()`.
   * - **Errors:** never (a failed refresh keeps the last list; see `eventTypesState$` for the error).
   * - **Teardown:** listening stops `graceMs` after the last subscriber leaves.
   * @example
   * ```ts
   * client.eventTypes$.subscribe((types) => console.log(types.map((type) => type.name)));
   * ```
   */
  readonly eventTypes$: Observable<readonly EventType[]>;
  /** Typed notification streams (logs with a level filter, progress, resource updates, list changes, ...). */
  readonly notifications: NotificationStreams;
  /**
   * A resource's contents, now and after every update; one shared server subscription per URI. It outlives
   * connections: after a reconnection it subscribes and reads again.
   * **Temperature:** hot per URI, replaying the latest contents. **Emits:** the contents, then each update.
   * **Completes:** after `close()`. **Errors:** what the server answers a read with (e.g. `ResourceNotFoundError`).
   * **Teardown:** the last subscriber's leaving ends the server subscription.
   * @example
   * ```ts
   * const watch = client.watchResource('file:///work/notes.md').subscribe(({ contents }) => console.log(contents));
   * // …
   * watch.unsubscribe(); // the last watcher leaving unsubscribes on the server
   * ```
   */
  watchResource(uri: string): Observable<ReadResourceResult>;
}

/** The lists of every catalog, each walked on one connection. */
export interface CatalogLists {
  tools(ready: ClientConnection): Observable<readonly Tool[]>;
  resources(ready: ClientConnection): Observable<readonly Resource[]>;
  resourceTemplates(ready: ClientConnection): Observable<readonly ResourceTemplate[]>;
  prompts(ready: ClientConnection): Observable<readonly Prompt[]>;
  skills(ready: ClientConnection): Observable<readonly Skill[]>;
  eventTypes(ready: ClientConnection): Observable<readonly EventType[]>;
}

/** Only the loaded lists of a catalog, each once. */
export function itemsOf<T>(state$: Observable<CatalogState<T>>): Observable<readonly T[]> {
  return state$.pipe(
    map((state) => state.items),
    filter((items): items is readonly T[] => items !== undefined),
    distinctUntilChanged(),
  );
}
