// Type-level checks (run by `npm run typecheck`, never executed): the verbs that `Client` and `AsyncClient` take
// from the verb table (`src/client/verb-table.ts`) have the shape they had when each was written by hand. Each
// check is assignability both ways against the hand-written shape.
import type { Observable } from 'rxjs';
import type { AsyncCallOptions, AsyncClient, CallEvent, CallOptions, Client } from '../../src/index.js';
import type { CompleteRequestParams, CompleteResult, DiscoverResult, GetPromptResult, ListPromptsResult, ListResourcesResult } from '../../src/protocol/index.js';
import type { ListResourceTemplatesResult, ListToolsResult, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool } from '../../src/protocol/index.js';

/** The table verbs of `Client` as they were written by hand. */
interface HandWrittenVerbs {
  discover(options?: CallOptions): Observable<DiscoverResult>;
  ping(options?: CallOptions): Observable<never>;
  listTools(options?: CallOptions): Observable<readonly Tool[]>;
  listToolsPage(cursor?: string, options?: CallOptions): Observable<ListToolsResult>;
  listResources(options?: CallOptions): Observable<readonly Resource[]>;
  listResourcesPage(cursor?: string, options?: CallOptions): Observable<ListResourcesResult>;
  listResourceTemplates(options?: CallOptions): Observable<readonly ResourceTemplate[]>;
  listResourceTemplatesPage(cursor?: string, options?: CallOptions): Observable<ListResourceTemplatesResult>;
  readResource(uri: string, options?: CallOptions): Observable<ReadResourceResult>;
  readResourceEvents(uri: string, options?: CallOptions): Observable<CallEvent<ReadResourceResult>>;
  listPrompts(options?: CallOptions): Observable<readonly Prompt[]>;
  listPromptsPage(cursor?: string, options?: CallOptions): Observable<ListPromptsResult>;
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Observable<GetPromptResult>;
  getPromptEvents(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Observable<CallEvent<GetPromptResult>>;
  complete(params: CompleteRequestParams, options?: CallOptions): Observable<CompleteResult>;
}

/** The table verbs of `AsyncClient` as they were written by hand. */
interface HandWrittenAsyncVerbs {
  discover(options?: AsyncCallOptions): Promise<DiscoverResult>;
  ping(options?: AsyncCallOptions): Promise<void>;
  listTools(options?: AsyncCallOptions): Promise<readonly Tool[]>;
  listResources(options?: AsyncCallOptions): Promise<readonly Resource[]>;
  listResourceTemplates(options?: AsyncCallOptions): Promise<readonly ResourceTemplate[]>;
  readResource(uri: string, options?: AsyncCallOptions): Promise<ReadResourceResult>;
  listPrompts(options?: AsyncCallOptions): Promise<readonly Prompt[]>;
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: AsyncCallOptions): Promise<GetPromptResult>;
  complete(params: CompleteRequestParams, options?: AsyncCallOptions): Promise<CompleteResult>;
}

/** Every member of `AsyncClient` before the verb table (the task verbs come from `AsyncTaskVerbs`, unchanged). */
type AsyncMembers =
  | keyof HandWrittenAsyncVerbs | 'connect' | 'callTool' | 'setLoggingLevel' | 'request' | 'checkHealth' | 'on' | 'toolHints' | 'close'
  | 'callToolAsTask' | 'watchTask' | 'getTask' | 'listTasks' | 'taskResult' | 'cancelTask' | 'updateTask'
  // The Skills extension's table verbs.
  | 'listSkills' | 'getSkill' | 'readDirectory'
  // The Events extension's table verbs.
  | 'listEvents' | 'pollEvents' | 'streamEvents';

type BothWays<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type EachBothWays<A, B> = false extends { [K in keyof A & keyof B]: BothWays<A[K], B[K]> }[keyof A & keyof B] ? false : true;

export const clientVerbs: BothWays<Pick<Client, keyof HandWrittenVerbs>, HandWrittenVerbs> = true;
export const eachClientVerb: EachBothWays<Client, HandWrittenVerbs> = true;
export const asyncVerbs: BothWays<Pick<AsyncClient, keyof HandWrittenAsyncVerbs>, HandWrittenAsyncVerbs> = true;
export const eachAsyncVerb: EachBothWays<AsyncClient, HandWrittenAsyncVerbs> = true;
export const asyncMembers: Same<keyof AsyncClient, AsyncMembers> = true;

declare const client: Client;
declare const asyncClient: AsyncClient;
// Optional arguments stay optional (assignability does not tell).
void client.listToolsPage();
void client.getPrompt('greet');
void client.discover();
void asyncClient.getPrompt('greet');
void asyncClient.ping();
// @ts-expect-error a verb's positional arguments keep their types
client.readResource(1);
// @ts-expect-error a page verb has no async form, as before
void asyncClient.listToolsPage;
// @ts-expect-error an events verb has no async form, as before
void asyncClient.readResourceEvents;
// @ts-expect-error the async verbs take the async options
void asyncClient.discover({ signal: 'no' });
