// The verb table: the client's simple verbs, one line each. The `Client` interface (`ClientTableVerbs`), their
// implementation in `createClient` (`bindVerbs`) and the Promise facade (`toAsyncClient`) are all made from it, and
// each verb's result type is its method's in `ClientRequests`. A verb with logic of its own (`callTool`,
// `setLoggingLevel`, `request`, the task verbs, ...) is written by hand in `client-types.ts` and `client.ts`.
import type { CompleteRequestParams } from '../protocol/model/completion.js';
import type { PollEventsRequestParams, StreamEventsRequestParams } from '../protocol/model/events.js';
import { empty, events, list, page, result, type AsyncVerbsOf, type ClientVerbsOf } from './verb-line.js';

const promptParams = (name: string, args?: Readonly<Record<string, string>>) => (args === undefined ? { name } : { name, arguments: args });

/**
 * The verb table. Each property is a verb: its comment is the verb's documentation (on `Client`, and on
 * `AsyncClient` for the verbs the facade has), its value the line (`result`, `page`, `events`, `empty`, `list`).
 */
export const VERB_TABLE = {
  /**
   * `server/discover` (2026-07-28): what the server offers; on a legacy connection it fails with `UnsupportedMethodError`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the `DiscoverResult`, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  discover: result('server/discover', () => ({})),
  /**
   * `ping` (legacy revisions).
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** nothing. **Completes:** when the server answered.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  ping: empty('ping', () => undefined),
  /**
   * Every tool, walking all pages (page cap and cursor-loop guard: `PaginationError`).
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   * @example
   * ```ts
   * client.listTools().subscribe((tools) => console.log(tools.map((tool) => tool.name)));
   * ```
   */
  listTools: list('tools/list', 'tools'),
  /**
   * One page of `tools/list`, for UIs that page themselves.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listToolsPage: page('tools/list'),
  /**
   * Every resource, walking all pages (`PaginationError` as `listTools`).
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listResources: list('resources/list', 'resources'),
  /**
   * One page of `resources/list`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listResourcesPage: page('resources/list'),
  /**
   * Every resource template, walking all pages.
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listResourceTemplates: list('resources/templates/list', 'resourceTemplates'),
  /**
   * One page of `resources/templates/list`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listResourceTemplatesPage: page('resources/templates/list'),
  /**
   * Reads a resource; a missing one errors with `ResourceNotFoundError`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the contents, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   * @example
   * ```ts
   * client.readResource('file:///work/notes.md').subscribe(({ contents }) => {
   *   for (const part of contents) console.log('text' in part ? part.text : `${part.blob.length} base64 characters`);
   * });
   * ```
   */
  readResource: result('resources/read', (uri: string) => ({ uri })),
  /**
   * Like `readResource`, emitting progress and `input-required` events before the `result` event.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** `progress` and `input-required` events, then one `result` event. **Completes:** after the result.
   * - **Errors:** as `readResource`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  readResourceEvents: events('resources/read', (uri: string) => ({ uri })),
  /**
   * Every prompt, walking all pages.
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listPrompts: list('prompts/list', 'prompts'),
  /**
   * One page of `prompts/list`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listPromptsPage: page('prompts/list'),
  /**
   * Renders a prompt with its arguments (2026-07-28 input rounds as `callTool`).
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the rendered prompt, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  getPrompt: result('prompts/get', promptParams),
  /**
   * Like `getPrompt`, emitting progress and `input-required` events before the `result` event.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** `progress` and `input-required` events, then one `result` event. **Completes:** after the result.
   * - **Errors:** as `getPrompt`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  getPromptEvents: events('prompts/get', promptParams),
  /**
   * `completion/complete`: completion values for one argument of a prompt or resource template.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the completion, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  complete: result('completion/complete', (params: CompleteRequestParams) => params),
  /**
   * Every skill entry of the Skills extension (`skills/list`), walking all pages: each skill's `SKILL.md` URI, its
   * frontmatter and its manifest. Reads no skill file. Fails with `UnsupportedMethodError` (sending nothing) when the
   * server does not declare `io.modelcontextprotocol/skills`. An empty or partial listing does not prove a skill
   * absent: `getSkill` answers for any skill the server serves.
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`); `PaginationError` as `listTools`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   * @example
   * ```ts
   * client.listSkills().subscribe((skills) => console.log(skills.map((skill) => skill.frontmatter.name)));
   * ```
   */
  listSkills: list('skills/list', 'skills'),
  /**
   * One page of `skills/list`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listSkillsPage: page('skills/list'),
  /**
   * `skills/get`: the entry of the skill whose `SKILL.md` is at `uri`, listed or not (the server answers `-32602`,
   * an `RpcError`, when it serves no such skill). The way to refresh one skill's manifest.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the `GetSkillResult`, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  getSkill: result('skills/get', (uri: string) => ({ uri })),
  /**
   * One page of `resources/directory/read`: the direct children of the directory resource at `uri` (subdirectories
   * with `mimeType: 'inode/directory'`). Only where the server declares the skills extension with `directoryRead`;
   * elsewhere `UnsupportedMethodError`, with nothing sent. A child missing from a skill's manifest is not a file of
   * that skill: `readSkillFile` refuses it.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  readDirectory: result('resources/directory/read', (uri: string, cursor?: string) => (cursor === undefined ? { uri } : { uri, cursor })),
  /**
   * Every event type of the Events extension (`events/list`), walking all pages: each type's name, delivery modes,
   * `inputSchema` and `payloadSchema`. Fails with `UnsupportedMethodError` (sending nothing) when the server does not
   * declare `io.modelcontextprotocol/events`. `subscribeEvents` of `rxmcp/events` subscribes to one.
   *
   * - **Temperature:** cold; each subscription walks every page.
   * - **Emits:** the whole list, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`); `PaginationError` as `listTools`.
   * - **Teardown:** before the answer, cancels the request on the wire.
   * @example
   * ```ts
   * client.listEvents().subscribe((types) => console.log(types.map((type) => `${type.name} (${type.delivery.join(', ')})`)));
   * ```
   */
  listEvents: list('events/list', 'events'),
  /**
   * One page of `events/list`.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the page, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  listEventsPage: page('events/list'),
  /**
   * One `events/poll` of the Events extension, as sent: the occurrences since `cursor` (`null`: none, and the
   * position of now), the next cursor, `truncated`, `hasMore` and `nextPollMs`. Neither validates nor repeats:
   * `subscribeEvents` of `rxmcp/events` runs the poll loop.
   *
   * - **Temperature:** cold; each subscription is one request.
   * - **Emits:** the `PollEventsResult`, once. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** before the answer, cancels the request on the wire.
   */
  pollEvents: result('events/poll', (params: PollEventsRequestParams) => params),
  /**
   * One `events/stream` of the Events extension, as sent: a request that stays open while the server pushes
   * `notifications/events/*` tagged with its id (on `session.notifications$`; `onRequestId` gives the id). Pass
   * `timeout: false`: the stream's heartbeats, not a request timeout, tell it alive. `subscribeEvents` of
   * `rxmcp/events` runs it with routing, resumption and de-duplication.
   *
   * - **Temperature:** cold; each subscription is one stream.
   * - **Emits:** the empty `StreamEventsResult`, once, when the server ends the stream. **Completes:** after it.
   * - **Errors:** the errors of every verb (see `Client`).
   * - **Teardown:** ends the stream on the wire (`notifications/cancelled`, or closing the HTTP response).
   */
  streamEvents: result('events/stream', (params: StreamEventsRequestParams) => params),
} as const;

/** The verb table's lines. */
export type VerbTable = typeof VERB_TABLE;

/** The table-made verbs of `Client`. */
export type ClientTableVerbs = ClientVerbsOf<VerbTable>;

/** The table-made verbs of `AsyncClient`, taking options `O`. */
export type AsyncTableVerbs<O> = AsyncVerbsOf<VerbTable, O>;
