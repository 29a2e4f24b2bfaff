import type { ClientCore } from './core.js';
import type { LiveState } from './live/live-state.js';
import { LIVE_VIEWS } from './live/live-views.js';
import type { TaskVerbs } from './tasks/types.js';
import type { ServerSession } from './types.js';

/** The members of a client that are built on first use, and `server`, read when asked. */
export type LazyMembers = LiveState & TaskVerbs & { readonly server: ServerSession | undefined };

const TASK_VERBS: readonly (keyof TaskVerbs)[] = ['callToolAsTask', 'watchTask', 'getTask', 'listTasks', 'taskResult', 'cancelTask', 'updateTask'];

/** Where a client keeps what its lazy members read (symbol keys: no name of the client's API). */
const CORE = Symbol('core');
const LIVE = Symbol('live');
const TASKS = Symbol('tasks');

interface Holder {
  readonly [CORE]: ClientCore;
  readonly [LIVE]: LiveState;
  readonly [TASKS]: () => TaskVerbs;
}

const member = (get: (this: Holder) => unknown): PropertyDescriptor => ({ get, enumerable: true, configurable: true });

/** The accessors of every client, made once: each reads the holder it is called on. */
const DESCRIPTORS: PropertyDescriptorMap = { server: member(function server() { return this[CORE].server(); }) };
for (const name of LIVE_VIEWS) DESCRIPTORS[name] = member(function live() { return this[LIVE][name]; });
for (const name of TASK_VERBS) DESCRIPTORS[name] = member(function task() { return this[TASKS]()[name]; });

/**
 * The client's members that wait for their first use: the live state's views (each built when first read, see
 * `createLiveState`) and the task verbs (made together when one is first read), with `server`. Own accessor
 * properties, shared by every client, so a copy of the client (`{ ...client }`) reads them as they are then.
 */
export function lazyMembers(core: ClientCore, live: LiveState, tasks: () => TaskVerbs): LazyMembers {
  const holder: Holder = { [CORE]: core, [LIVE]: live, [TASKS]: tasks };
  return Object.defineProperties(holder, DESCRIPTORS) as unknown as LazyMembers;
}
