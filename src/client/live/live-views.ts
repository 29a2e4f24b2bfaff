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

/** What a catalog view builds on: the core, the listen stream (made on first need), the catalog options. */
interface LiveDeps {
  readonly core: ClientCore;
  readonly listen: () => ListenManager;
  readonly options: CatalogOptions;
}

/** The live state's views, each built on first use: a client that never reads one pays nothing for it. */
class LiveViews implements LiveState {
  private readonly built: { -readonly [K in keyof LiveState]?: LiveState[K] } = {};
  private kindsOf: Kinds | undefined;

  constructor(private readonly deps: LiveDeps, private readonly lists: CatalogLists) {}

  private catalog<K extends keyof Kinds>(key: K): Kinds[K] extends CatalogKind<infer T> ? Observable<CatalogState<T>> : never {
    const kind = (this.kindsOf ??= kinds(this.lists))[key] as CatalogKind<unknown>;
    return liveCatalog(this.deps.core, this.deps.listen(), kind, this.deps.options) as never;
  }

  get state$(): Observable<ClientState> {
    const { core } = this.deps;
    return (this.built.state$ ??= clientState(core.view$, core.reconnecting$, core.waitingForUser$));
  }
  get toolsState$(): Observable<CatalogState<Tool>> {
    return (this.built.toolsState$ ??= this.catalog('tools'));
  }
  get resourcesState$(): Observable<CatalogState<Resource>> {
    return (this.built.resourcesState$ ??= this.catalog('resources'));
  }
  get resourceTemplatesState$(): Observable<CatalogState<ResourceTemplate>> {
    return (this.built.resourceTemplatesState$ ??= this.catalog('templates'));
  }
  get promptsState$(): Observable<CatalogState<Prompt>> {
    return (this.built.promptsState$ ??= this.catalog('prompts'));
  }
  get skillsState$(): Observable<CatalogState<Skill>> {
    return (this.built.skillsState$ ??= this.catalog('skills'));
  }
  get eventTypesState$(): Observable<CatalogState<EventType>> {
    return (this.built.eventTypesState$ ??= this.catalog('eventTypes'));
  }
  get tools$(): Observable<readonly Tool[]> {
    return (this.built.tools$ ??= itemsOf(this.toolsState$));
  }
  get resources$(): Observable<readonly Resource[]> {
    return (this.built.resources$ ??= itemsOf(this.resourcesState$));
  }
  get resourceTemplates$(): Observable<readonly ResourceTemplate[]> {
    return (this.built.resourceTemplates$ ??= itemsOf(this.resourceTemplatesState$));
  }
  get prompts$(): Observable<readonly Prompt[]> {
    return (this.built.prompts$ ??= itemsOf(this.promptsState$));
  }
  get skills$(): Observable<readonly Skill[]> {
    return (this.built.skills$ ??= itemsOf(this.skillsState$));
  }
  get eventTypes$(): Observable<readonly EventType[]> {
    return (this.built.eventTypes$ ??= itemsOf(this.eventTypesState$));
  }
  get notifications(): NotificationStreams {
    return (this.built.notifications ??= notificationStreams(this.deps.core));
  }
  get watchResource(): LiveState['watchResource'] {
    return (this.built.watchResource ??= resourceWatches(this.deps.core, this.deps.listen()));
  }
}

/**
 * The live state of a client (catalogs, resource watches, typed notifications, connection state) on the client's
 * listen stream (`listen`, shared with what else needs one and made on its first need; a new one by default). Each
 * view is built when it is first read, once.
 */
export function createLiveState(core: ClientCore, lists: CatalogLists, options: CatalogOptions = {}, listen?: () => ListenManager): LiveState {
  let made: ListenManager | undefined;
  const listenOf = listen ?? (() => (made ??= createListenManager(core, options)));
  return new LiveViews({ core, listen: listenOf, options }, lists);
}
