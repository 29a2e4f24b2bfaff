import type { Observable } from 'rxjs';
import type { Prompt } from '../../protocol/model/prompts.js';
import type { Resource, ResourceTemplate } from '../../protocol/model/resources.js';
import { EVENTS_EXTENSION, type EventType } from '../../protocol/model/events.js';
import type { Skill } from '../../protocol/model/skills.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { ClientCore } from '../core.js';
import type { CatalogOptions } from '../types.js';
import { liveCatalog, type CatalogKind, type CatalogState } from './catalog.js';
import { clientState, type ClientState } from './client-state.js';
import { createListenManager, type ListenManager } from './listen.js';
import { itemsOf, type CatalogLists, type LiveState } from './live-state.js';
import { notificationStreams, type NotificationStreams } from './notifications.js';
import { resourceWatches } from './watch-resource.js';

interface Kinds {
  tools: CatalogKind<Tool>;
  resources: CatalogKind<Resource>;
  templates: CatalogKind<ResourceTemplate>;
  prompts: CatalogKind<Prompt>;
  skills: CatalogKind<Skill>;
  eventTypes: CatalogKind<EventType>;
}

function kinds(lists: CatalogLists): Kinds {
  const resources = { method: 'resources/list', notification: 'notifications/resources/list_changed', capability: ['resources', 'listChanged'], listen: { resourcesListChanged: true } };
  return {
    tools: { method: 'tools/list', notification: 'notifications/tools/list_changed', capability: ['tools', 'listChanged'], listen: { toolsListChanged: true }, list: lists.tools },
    resources: { ...resources, list: lists.resources },
    templates: { ...resources, method: 'resources/templates/list', list: lists.resourceTemplates },
    prompts: { method: 'prompts/list', notification: 'notifications/prompts/list_changed', capability: ['prompts', 'listChanged'], listen: { promptsListChanged: true }, list: lists.prompts },
    // Skills are resources: a server announces a changed skill catalog as a resource list change.
    skills: { ...resources, method: 'skills/list', list: lists.skills },
    eventTypes: {
      method: 'events/list', notification: 'notifications/events/list_changed', capability: ['extensions', EVENTS_EXTENSION, 'listChanged'],
      listen: { eventsListChanged: true }, list: lists.eventTypes,
    },
  };
}

/** What a live view builds on: the core, the listen stream (made on first need), the catalog lists and options. */
interface LiveDeps {
  readonly core: ClientCore;
  readonly listen: () => ListenManager;
  readonly lists: CatalogLists;
  readonly options: CatalogOptions;
}

type Views = { -readonly [K in keyof LiveState]: LiveState[K] };

/** A client's live state until a view is read: what the views build on, and the views built so far. */
interface LiveViews {
  readonly deps: LiveDeps;
  readonly built: Partial<Views>;
  kinds?: Kinds;
}

const catalog = <K extends keyof Kinds>(key: K) => (views: LiveViews) => {
  const { core, listen, lists, options } = views.deps;
  return liveCatalog(core, listen(), (views.kinds ??= kinds(lists))[key] as CatalogKind<never>, options);
};
const items = (name: 'toolsState$' | 'resourcesState$' | 'resourceTemplatesState$' | 'promptsState$' | 'skillsState$' | 'eventTypesState$') =>
  (views: LiveViews) => itemsOf((views as unknown as LiveState)[name] as Observable<CatalogState<never>>);

/** How each view is built, the first time it is read. */
const BUILDERS: { readonly [K in keyof LiveState]: (views: LiveViews) => LiveState[K] } = {
  state$: ({ deps: { core } }) => clientState(core.view$, core.reconnecting$, core.waitingForUser$),
  toolsState$: catalog('tools'),
  resourcesState$: catalog('resources'),
  resourceTemplatesState$: catalog('templates'),
  promptsState$: catalog('prompts'),
  skillsState$: catalog('skills'),
  eventTypesState$: catalog('eventTypes'),
  tools$: items('toolsState$'),
  resources$: items('resourcesState$'),
  resourceTemplates$: items('resourceTemplatesState$'),
  prompts$: items('promptsState$'),
  skills$: items('skillsState$'),
  eventTypes$: items('eventTypesState$'),
  notifications: ({ deps: { core } }) => notificationStreams(core),
  watchResource: ({ deps: { core, listen } }) => resourceWatches(core, listen()),
};

/** The names of the live state's views. */
export const LIVE_VIEWS = Object.keys(BUILDERS) as readonly (keyof LiveState)[];

/** One getter per view, made once and shared: a client's live state is one small object until a view is read. */
const PROTOTYPE: object = {};
for (const name of LIVE_VIEWS) {
  Object.defineProperty(PROTOTYPE, name, {
    get(this: LiveViews) {
      return (this.built[name] ??= BUILDERS[name](this) as never);
    },
  });
}

/**
 * The live state of a client (catalogs, resource watches, typed notifications, connection state) on the client's
 * listen stream (`listen`, shared with what else needs one and made on its first need; a new one by default). Each
 * view is built when it is first read, once.
 */
export function createLiveState(core: ClientCore, lists: CatalogLists, options: CatalogOptions = {}, listen?: () => ListenManager): LiveState {
  let made: ListenManager | undefined;
  const listenOf = listen ?? (() => (made ??= createListenManager(core, options)));
  const views: LiveViews = Object.create(PROTOTYPE);
  return Object.assign(views, { deps: { core, listen: listenOf, lists, options }, built: {} }) as unknown as LiveState;
}
