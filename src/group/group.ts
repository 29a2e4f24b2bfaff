import {
  catchError, combineLatest, defer, distinctUntilChanged, filter, map, mergeMap, of, share, shareReplay, switchMap, takeUntil, throwError, type Observable,
} from 'rxjs';
import type { ToolNameOptions } from '../agent/names.js';
import type { Client, ToolCallOptions } from '../client/client-types.js';
import type { Prompt } from '../protocol/model/prompts.js';
import type { Resource, ResourceTemplate } from '../protocol/model/resources.js';
import type { Tool } from '../protocol/model/tools.js';
import { groupCatalog } from './catalog.js';
import { groupToolHints } from './hints.js';
import { ClientGroupError } from './errors.js';
import { joiners } from './joiners.js';
import { Members, type Member } from './members.js';
import { nameItems, tagItems } from './naming.js';
import { routeByName, routeResource } from './routing.js';
import type {
  ClientGroup, ClientGroupOptions, GroupCatalogState, GroupDiagnostic, GroupMember, GroupPrompt, GroupResource, GroupResourceTemplate, GroupTool,
} from './types.js';

/** The loaded merged lists of a catalog, each once. */
function itemsOf<G>(state$: Observable<GroupCatalogState<G>>): Observable<readonly G[]> {
  return state$.pipe(
    map((state) => state.items),
    filter((items): items is readonly G[] => items !== undefined),
    distinctUntilChanged(),
  );
}

function catalogs(members$: Observable<readonly Member[]>, names: ToolNameOptions | undefined) {
  return {
    tools: groupCatalog<Tool, GroupTool>(members$, { catalog: (client) => client.toolsState$, name: (lists) => nameItems(lists, names) }),
    resources: groupCatalog<Resource, GroupResource>(members$, { catalog: (client) => client.resourcesState$, name: tagItems }),
    templates: groupCatalog<ResourceTemplate, GroupResourceTemplate>(members$, { catalog: (client) => client.resourceTemplatesState$, name: tagItems }),
    prompts: groupCatalog<Prompt, GroupPrompt>(members$, { catalog: (client) => client.promptsState$, name: (lists) => nameItems(lists, names) }),
  };
}

function statesOf(members$: Observable<readonly Member[]>): ClientGroup['states$'] {
  return members$.pipe(
    switchMap((list) => (list.length === 0 ? of([]) : combineLatest(list.map((member) => member.client.state$.pipe(map((state) => [member.name, state] as const)))))),
    map((entries) => new Map(entries)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

function diagnosticsOf(members$: Observable<readonly Member[]>): Observable<GroupDiagnostic> {
  return joiners(members$).pipe(
    mergeMap((member) => member.client.diagnostics$.pipe(map((diagnostic) => ({ ...diagnostic, server: member.name })), takeUntil(member.removed$))),
    share(),
  );
}

type Calls = Pick<ClientGroup, 'callTool' | 'callToolEvents' | 'readResource' | 'getPrompt'>;

/** The group's calls, each routed to its server; all of them fail with `ClientGroupError` once `isClosed()`. */
function groupCalls(members: Members, all: ReturnType<typeof catalogs>, isClosed: () => boolean): Calls {
  const closedError = () => new ClientGroupError('The group is closed', { reason: 'closed' });
  // A call still waiting for the lists when the group closes sees the lists empty out as the servers leave: that
  // is the group closing, not a missing name.
  const open = <T>(call: () => Observable<T>): Observable<T> =>
    defer(() =>
      isClosed()
        ? throwError(closedError)
        : call().pipe(catchError((error: unknown) => throwError(() => (isClosed() && ClientGroupError.is(error) ? closedError() : error)))),
    );
  // The member client knows its own definition of the tool (the group listed through it): the group's is left out.
  const onMember = <R>(name: string, callOptions: ToolCallOptions, call: (client: Client, originalName: string, options: ToolCallOptions) => Observable<R>): Observable<R> => {
    const { tool: _groupDefinition, ...rest } = callOptions;
    return open(() => routeByName(members, all.tools, 'tool', name, (client, tool) => call(client, tool.originalName, rest)));
  };
  return {
    callToolEvents: (name, args, callOptions = {}) => onMember(name, callOptions, (client, original, rest) => client.callToolEvents(original, args, rest)),
    callTool: (name, args, callOptions = {}) => onMember(name, callOptions, (client, original, rest) => client.callTool(original, args, rest)),
    readResource: (resource, callOptions = {}) => open(() => routeResource(members, { resources$: all.resources, templates$: all.templates }, resource, callOptions)),
    getPrompt: (name, args, callOptions) =>
      open(() => routeByName(members, all.prompts, 'prompt', name, (client, prompt) => client.getPrompt(prompt.originalName, args, callOptions))),
  };
}

/**
 * Makes one group of several MCP servers: `{ name: transport or client }`. Clients the group creates (from
 * transports) get `options.client`; clients you give stay yours (the group never closes them). See `ClientGroup`
 * for the contract of each member.
 * @example
 * ```ts
 * import { createClientGroup, streamableHttp } from 'rxmcp';
 * import { stdio } from 'rxmcp/node';
 *
 * const group = createClientGroup({
 *   github: streamableHttp('https://example.com/github/mcp'),
 *   files: stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/work'] }),
 * });
 * group.tools$.subscribe((tools) => console.log(tools.map((tool) => tool.name))); // github__create_issue, files__read_file, …
 * group.callTool('files__read_file', { path: '/work/todo.md' }).subscribe((result) => console.log(result.content));
 * ```
 */
export function createClientGroup(servers: Readonly<Record<string, GroupMember>> = {}, options: ClientGroupOptions = {}): ClientGroup {
  const members = new Members(options);
  const all = catalogs(members.list$, options.names);
  let closed = false;
  const tools$ = itemsOf(all.tools);
  const group: ClientGroup = {
    tools$,
    toolHints$: groupToolHints(members.list$, tools$),
    toolsState$: all.tools,
    resources$: itemsOf(all.resources),
    resourcesState$: all.resources,
    resourceTemplates$: itemsOf(all.templates),
    resourceTemplatesState$: all.templates,
    prompts$: itemsOf(all.prompts),
    promptsState$: all.prompts,
    states$: statesOf(members.list$),
    diagnostics$: diagnosticsOf(members.list$),
    get servers() {
      return members.names;
    },
    client: (server) => members.get(server)?.client,
    add: (server, member) => members.add(server, member),
    remove: (server) => members.remove(server),
    ...groupCalls(members, all, () => closed),
    close: () => {
      closed = true;
      members.close();
    },
  };
  for (const [name, member] of Object.entries(servers)) members.add(name, member);
  return group;
}
