import type { Observable } from 'rxjs';
import type { EventType } from '../protocol/model/events.js';
import type { Prompt } from '../protocol/model/prompts.js';
import type { Resource, ResourceTemplate } from '../protocol/model/resources.js';
import type { Skill } from '../protocol/model/skills.js';
import type { Tool } from '../protocol/model/tools.js';
import type { ClientCore } from './core.js';
import type { CatalogState } from './live/catalog.js';
import type { ClientState } from './live/client-state.js';
import type { LiveState } from './live/live-state.js';
import type { NotificationStreams } from './live/notifications.js';
import type { TaskVerbs } from './tasks/types.js';
import type { ServerSession } from './types.js';

/** The members of a client that are built on first use, and `server`, read when asked. */
export type LazyMembers = LiveState & TaskVerbs & { readonly server: ServerSession | undefined };

/**
 * The client's members that wait for their first use: the live state's views (each built when first read, see
 * `createLiveState`) and the task verbs (made together when one is first read). Own accessor properties, so a copy
 * of the client (`{ ...client }`) reads them as they are then.
 */
export function lazyMembers(core: ClientCore, live: LiveState, tasks: () => TaskVerbs): LazyMembers {
  return {
    get server(): ServerSession | undefined { return core.server(); },
    get state$(): Observable<ClientState> { return live.state$; },
    get toolsState$(): Observable<CatalogState<Tool>> { return live.toolsState$; },
    get resourcesState$(): Observable<CatalogState<Resource>> { return live.resourcesState$; },
    get resourceTemplatesState$(): Observable<CatalogState<ResourceTemplate>> { return live.resourceTemplatesState$; },
    get promptsState$(): Observable<CatalogState<Prompt>> { return live.promptsState$; },
    get skillsState$(): Observable<CatalogState<Skill>> { return live.skillsState$; },
    get eventTypesState$(): Observable<CatalogState<EventType>> { return live.eventTypesState$; },
    get tools$(): Observable<readonly Tool[]> { return live.tools$; },
    get resources$(): Observable<readonly Resource[]> { return live.resources$; },
    get resourceTemplates$(): Observable<readonly ResourceTemplate[]> { return live.resourceTemplates$; },
    get prompts$(): Observable<readonly Prompt[]> { return live.prompts$; },
    get skills$(): Observable<readonly Skill[]> { return live.skills$; },
    get eventTypes$(): Observable<readonly EventType[]> { return live.eventTypes$; },
    get notifications(): NotificationStreams { return live.notifications; },
    get watchResource(): LiveState['watchResource'] { return live.watchResource; },
    get callToolAsTask(): TaskVerbs['callToolAsTask'] { return tasks().callToolAsTask; },
    get watchTask(): TaskVerbs['watchTask'] { return tasks().watchTask; },
    get getTask(): TaskVerbs['getTask'] { return tasks().getTask; },
    get listTasks(): TaskVerbs['listTasks'] { return tasks().listTasks; },
    get taskResult(): TaskVerbs['taskResult'] { return tasks().taskResult; },
    get cancelTask(): TaskVerbs['cancelTask'] { return tasks().cancelTask; },
    get updateTask(): TaskVerbs['updateTask'] { return tasks().updateTask; },
  };
}
