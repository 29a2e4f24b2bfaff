import type { Observable } from 'rxjs';
import type { ToolNameOptions } from '../agent/names.js';
import type { Client, ToolCallOptions } from '../client/client-types.js';
import type { CallOptions } from '../client/envelope.js';
import type { CallEvent } from '../client/input-rounds.js';
import type { ClientState } from '../client/live/client-state.js';
import type { ClientOptions } from '../client/types.js';
import type { ToolHintsMap } from '../client/tool-hints.js';
import type { McpError } from '../errors/mcp-error.js';
import type { GetPromptResult, Prompt } from '../protocol/model/prompts.js';
import type { ReadResourceResult, Resource, ResourceTemplate } from '../protocol/model/resources.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Diagnostic, Params } from '../session/types.js';
import type { Transport } from '../transport/types.js';

/** A member of a group: a transport (the group creates, and later closes, its client) or a client of your own. */
export type GroupMember = Transport | Client;

/** Where an item of a merged list comes from. */
export interface FromServer {
  /** The name of the server in the group. */
  readonly server: string;
}

/** A tool of a group: named `server__tool` (provider-safe, see `assignToolNames`), with its server's own name. */
export interface GroupTool extends Tool, FromServer {
  /** The name the server gave the tool. */
  readonly originalName: string;
}

/** A prompt of a group, named like tools (`server__prompt`). */
export interface GroupPrompt extends Prompt, FromServer {
  /** The name the server gave the prompt. */
  readonly originalName: string;
}

/** A resource of a group: its URI as the server lists it, and the server. */
export interface GroupResource extends Resource, FromServer {}

/** A resource template of a group. */
export interface GroupResourceTemplate extends ResourceTemplate, FromServer {}

/** One server's part of a merged catalog, in group terms. */
export interface GroupServerCatalog<T> {
  /** The server's last good list (never emptied by a failure); `undefined` until it first loaded. */
  readonly items: readonly T[] | undefined;
  /** Why the last listing failed, or why the server is not connected. */
  readonly error: McpError | undefined;
  /** The list may be out of date: a change is not loaded yet, the last refresh failed, or the server is not connected. */
  readonly stale: boolean;
  /** A listing is in flight, or the server has not answered yet. */
  readonly refreshing: boolean;
}

/**
 * A merged catalog: every server's last good list, in the order the servers joined. A server that fails keeps
 * its last list (marked `stale` in `servers`) and never empties the others'. A server without the capability
 * (no resources, say) contributes an empty list.
 */
export interface GroupCatalogState<T> {
  /** The merged list; `undefined` until some server's list loaded (or every server answered, some with errors). */
  readonly items: readonly T[] | undefined;
  /** Some server's list is stale, or some server failed. */
  readonly stale: boolean;
  /** Some server is still loading its list. */
  readonly refreshing: boolean;
  /** The error of the first server (in group order) that has one. */
  readonly error: McpError | undefined;
  /** Each server's part, by name, in group order. */
  readonly servers: ReadonlyMap<string, GroupServerCatalog<T>>;
}

/** A diagnostic of one member client, with its server's name. */
export interface GroupDiagnostic extends Diagnostic {
  /** The name in the group of the server whose client reported it. */
  readonly server: string;
}

/** Options of a group call that may name its server. */
export interface GroupCallOptions extends CallOptions {
  /** The server to ask; default: the one whose list has the resource (or whose template matches its URI). */
  readonly server?: string;
}

/** Options of `createClientGroup`. */
export interface ClientGroupOptions {
  /** Options of each client the group creates from a transport; a function receives the server's name. */
  readonly client?: ClientOptions | ((server: string) => ClientOptions);
  /** How tool and prompt names are made (`maxLength` 64, `separator` `__`). */
  readonly names?: ToolNameOptions;
}

/**
 * Several MCP servers as one: merged live catalogs whose items say which server they come from, tool and prompt
 * names made reversible (`server__tool`, looked up in a table, never split), calls routed to the right server, each
 * server's state, and servers added or removed at run time. It is a `ToolSource`, so the agent adapters and
 * `agentLoop` take a group as they take a client.
 *
 * Catalogs (`*State$` and the plain lists): **Temperature:** hot, shared while subscribed, replaying the latest
 * value; subscribing lists on every server (each client's catalog is lazy). **Emits:** `*State$` a
 * `GroupCatalogState` whenever a server's list, freshness or connection changes, or a server joins or leaves; the
 * plain lists the merged list when it changed. **Completes:** after `close()`. **Errors:** never (a failing server
 * is a state). **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
 *
 * Calls (`callTool`, `callToolEvents`, `readResource`, `getPrompt`): **Temperature:** cold. **Emits:** what the
 * server's client emits. **Completes:** after the result. **Errors:** `ClientGroupError` when no server has the
 * name (after the lists loaded) or a resource is ambiguous, otherwise what the server's client errors with.
 * **Teardown:** cancels the call on the wire.
 */
export interface ClientGroup {
  /**
   * The merged tool list: every server's last good list, in group order, named `server__tool`.
   *
   * - **Temperature:** hot, shared with `toolsState$` (whose latest state it replays), lazy: the first subscriber
   *   lists on every server.
   * - **Emits:** the merged list once some server's list loaded (`[]` at once for a group without servers), then
   *   each new one: a server's list loaded or changed, or a server left.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server keeps its last list; see `toolsState$`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly tools$: Observable<readonly GroupTool[]>;
  /**
   * The merged tool catalog with each server's part and freshness (`items`, `stale`, `refreshing`, `error`,
   * `servers`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists on every server), replaying the latest state.
   * - **Emits:** the current state at once, then a `GroupCatalogState` whenever a server's list, freshness or
   *   connection changes, or a server joins or leaves.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server is a state: `error`, `stale`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly toolsState$: Observable<GroupCatalogState<GroupTool>>;
  /**
   * The trusted hints of the merged tools, under their group names: what each server's client trusts
   * (`trustToolAnnotations`), renamed. **Temperature:** hot while subscribed, replaying. **Emits:** the map on every
   * change of the tool list or of a server's hints. **Completes:** after `close()`. **Errors:** never.
   * **Teardown:** when the last subscriber leaves, every server's hints are unsubscribed.
   */
  readonly toolHints$: Observable<ToolHintsMap>;
  /**
   * The merged resource list: every server's last good list, in group order (a URI may come from several servers).
   *
   * - **Temperature:** hot, shared with `resourcesState$` (whose latest state it replays), lazy: the first subscriber
   *   lists on every server.
   * - **Emits:** the merged list once some server's list loaded (`[]` at once for a group without servers), then
   *   each new one: a server's list loaded or changed, or a server left.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server keeps its last list; see `resourcesState$`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly resources$: Observable<readonly GroupResource[]>;
  /**
   * The merged resource catalog with each server's part and freshness (`items`, `stale`, `refreshing`, `error`,
   * `servers`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists on every server), replaying the latest state.
   * - **Emits:** the current state at once, then a `GroupCatalogState` whenever a server's list, freshness or
   *   connection changes, or a server joins or leaves.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server is a state: `error`, `stale`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly resourcesState$: Observable<GroupCatalogState<GroupResource>>;
  /**
   * The merged resource template list: every server's last good list, in group order.
   *
   * - **Temperature:** hot, shared with `resourceTemplatesState$` (whose latest state it replays), lazy: the first
   *   subscriber lists on every server.
   * - **Emits:** the merged list once some server's list loaded (`[]` at once for a group without servers), then
   *   each new one: a server's list loaded or changed, or a server left.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server keeps its last list; see `resourceTemplatesState$`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly resourceTemplates$: Observable<readonly GroupResourceTemplate[]>;
  /**
   * The merged resource template catalog with each server's part and freshness (`items`, `stale`, `refreshing`,
   * `error`, `servers`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists on every server), replaying the latest state.
   * - **Emits:** the current state at once, then a `GroupCatalogState` whenever a server's list, freshness or
   *   connection changes, or a server joins or leaves.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server is a state: `error`, `stale`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly resourceTemplatesState$: Observable<GroupCatalogState<GroupResourceTemplate>>;
  /**
   * The merged prompt list: every server's last good list, in group order, named `server__prompt`.
   *
   * - **Temperature:** hot, shared with `promptsState$` (whose latest state it replays), lazy: the first subscriber
   *   lists on every server.
   * - **Emits:** the merged list once some server's list loaded (`[]` at once for a group without servers), then
   *   each new one: a server's list loaded or changed, or a server left.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server keeps its last list; see `promptsState$`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly prompts$: Observable<readonly GroupPrompt[]>;
  /**
   * The merged prompt catalog with each server's part and freshness (`items`, `stale`, `refreshing`, `error`,
   * `servers`).
   *
   * - **Temperature:** hot, shared, lazy (the first subscriber lists on every server), replaying the latest state.
   * - **Emits:** the current state at once, then a `GroupCatalogState` whenever a server's list, freshness or
   *   connection changes, or a server joins or leaves.
   * - **Completes:** after `close()` (a subscription after it completes at once, emitting nothing).
   * - **Errors:** never (a failing server is a state: `error`, `stale`).
   * - **Teardown:** the last subscriber's leaving unsubscribes every server's catalog.
   */
  readonly promptsState$: Observable<GroupCatalogState<GroupPrompt>>;
  /**
   * Each server's connection state, by name, in group order. **Temperature:** hot while subscribed, replaying.
   * **Emits:** the whole map on every change, and when a server joins or leaves. Subscribing connects nothing.
   * **Completes:** after `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
   */
  readonly states$: Observable<ReadonlyMap<string, ClientState>>;
  /**
   * Every member client's diagnostics, with the server's name. **Temperature:** hot. **Emits:** each diagnostic.
   * **Completes:** after `close()`. **Errors:** never. **Teardown:** none beyond unsubscribing.
   */
  readonly diagnostics$: Observable<GroupDiagnostic>;
  /** The servers' names, in group order. */
  readonly servers: readonly string[];
  /** The client of a server, if it is in the group. */
  client(server: string): Client | undefined;
  /**
   * Adds a server (a transport, whose client the group creates and closes, or a client, which stays yours). Its
   * lists join the merged catalogs as they load. Throws `ClientGroupError` for a name that is taken or empty.
   */
  add(server: string, member: GroupMember): Client;
  /** Removes a server: its items leave the catalogs; a client the group created is closed. False if not a member. */
  remove(server: string): boolean;
  /**
   * Calls the tool of the group named `name` (`server__tool`) on its server, under the server's own name for it.
   * The name is looked up in the merged tool list; when it is not there yet, the call waits until a server lists it
   * or no server's list is loading.
   *
   * - **Temperature:** cold; each subscription looks the name up and makes one call (its input rounds included).
   * - **Emits:** the server's result, once (a result with `isError` is a result). **Completes:** after it.
   * - **Errors:** `ClientGroupError` (`unknown-tool`: no server lists the name once no list is loading, with the
   *   first server's error, if any, as `cause`, and also when the group closes while the call waits for the list;
   *   `closed`: the group was closed before the subscription), otherwise what the server's client's `callTool`
   *   errors with.
   * - **Teardown:** stops waiting for the list, or, before the answer, cancels the call on the wire.
   */
  callTool(name: string, args?: Params, options?: ToolCallOptions): Observable<CallToolResult>;
  /**
   * Like `callTool`, emitting progress and `input-required` events before the `result` event.
   *
   * - **Temperature:** cold; each subscription looks the name up and makes one call.
   * - **Emits:** the server's `progress` and `input-required` events, then one `result` event.
   * - **Completes:** after the result. **Errors:** as `callTool`.
   * - **Teardown:** stops waiting for the list, or, before the answer, cancels the call on the wire.
   */
  callToolEvents(name: string, args?: Params, options?: ToolCallOptions): Observable<CallEvent<CallToolResult>>;
  /**
   * Reads a resource: a listed `GroupResource`, or a URI. A server named (`options.server`, or the resource's
   * `server`) is asked at once; otherwise, once no server's resource list is loading, the server whose list has the
   * URI, else (once no template list is loading) the server whose template matches it, else the group's only server.
   *
   * - **Temperature:** cold; each subscription routes the URI and makes one request.
   * - **Emits:** the server's `ReadResourceResult`, once. **Completes:** after it.
   * - **Errors:** `ClientGroupError` (`unknown-server`: the server named is not in the group; `ambiguous-resource`:
   *   several servers list the URI, or match it by template; `unknown-resource`: none does and the group has not
   *   exactly one server, or the group closes while the read waits for the lists; `closed`: the group was closed
   *   before the subscription), otherwise what the server's client's `readResource` errors with.
   * - **Teardown:** stops waiting for the lists, or, before the answer, cancels the request on the wire.
   */
  readResource(resource: string | { readonly uri: string; readonly server?: string }, options?: GroupCallOptions): Observable<ReadResourceResult>;
  /**
   * Gets the prompt of the group named `name` (`server__prompt`) from its server, under the server's own name for
   * it; until the name is listed, it waits for the merged prompt list as `callTool` waits for the tools.
   *
   * - **Temperature:** cold; each subscription looks the name up and makes one request.
   * - **Emits:** the rendered prompt, once. **Completes:** after it.
   * - **Errors:** `ClientGroupError` (`unknown-prompt` and `closed`, as `callTool`), otherwise what the server's
   *   client's `getPrompt` errors with.
   * - **Teardown:** stops waiting for the list, or, before the answer, cancels the request on the wire.
   */
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Observable<GetPromptResult>;
  /**
   * Removes every server (closing the clients the group created) and completes the group's streams. A call whose
   * result is being delivered (`close()` called in the handler of it) completes; calls still waiting error.
   */
  close(): void;
}
