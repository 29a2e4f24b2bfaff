// Routing a group call to its server: a tool or prompt by its group name (looked up in the merged list, waiting
// until the name is listed or every server answered), a resource by the server given, by the lists that have its
// URI, or by the templates that match it.
import { defer, first, map, mergeMap, throwError, type Observable } from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { CallOptions } from '../client/envelope.js';
import type { ReadResourceResult } from '../protocol/model/resources.js';
import { ClientGroupError, type ClientGroupFailure } from './errors.js';
import type { Members } from './members.js';
import { matchesTemplate } from './naming.js';
import type { FromServer, GroupCallOptions, GroupCatalogState, GroupResource, GroupResourceTemplate } from './types.js';

/** The first state that has what `find` looks for, or in which every server answered. */
function settledOn<G, R>(state$: Observable<GroupCatalogState<G>>, find: (items: readonly G[]) => R | undefined): Observable<{ found: R | undefined; state: GroupCatalogState<G> }> {
  return state$.pipe(
    first((state) => find(state.items ?? []) !== undefined || !state.refreshing, null),
    map((state) => {
      if (state === null) throw new ClientGroupError('The group is closed', { reason: 'closed' });
      return { found: find(state.items ?? []), state };
    }),
  );
}

function memberClient(members: Members, server: string): Client {
  const member = members.get(server);
  if (member === undefined) {
    throw new ClientGroupError(`No server "${server}" in the group (it has ${members.names.join(', ') || 'none'})`, { reason: 'unknown-server', servers: [server] });
  }
  return member.client;
}

function notFound(what: string, reason: ClientGroupFailure, members: Members, state: GroupCatalogState<unknown>): ClientGroupError {
  const servers = members.names;
  const failed = state.error === undefined ? '' : `; not every list loaded: ${state.error.message}`;
  return new ClientGroupError(`No ${what} in the group (servers: ${servers.join(', ') || 'none'})${failed}`, { reason, servers, cause: state.error });
}

/**
 * Calls `call` on the server of the item named `name` in the merged catalog, with the item (its `server` and
 * `originalName`).
 *
 * **Temperature:** cold. **Emits:** what `call` emits. **Completes:** when `call` completes. **Errors:**
 * `ClientGroupError` (`unknown-tool` / `unknown-prompt` when no server lists the name once every server answered,
 * `closed`), otherwise what `call` errors with. **Teardown:** stops waiting for the list, or unsubscribes `call`.
 */
export function routeByName<G extends FromServer & { readonly name: string; readonly originalName: string }, R>(
  members: Members,
  state$: Observable<GroupCatalogState<G>>,
  what: 'tool' | 'prompt',
  name: string,
  call: (client: Client, item: G) => Observable<R>,
): Observable<R> {
  return settledOn(state$, (items) => items.find((item) => item.name === name)).pipe(
    mergeMap(({ found, state }) => {
      if (found === undefined) throw notFound(`${what} "${name}"`, what === 'tool' ? 'unknown-tool' : 'unknown-prompt', members, state);
      return call(memberClient(members, found.server), found);
    }),
  );
}

const unique = (servers: readonly string[]): string[] => [...new Set(servers)];

function ambiguous(uri: string, servers: readonly string[]): ClientGroupError {
  return new ClientGroupError(`Several servers of the group have ${uri} (${servers.join(', ')}): name one with { server }`, { reason: 'ambiguous-resource', servers });
}

/** The catalogs `routeResource` consults. */
export interface ResourceCatalogs {
  readonly resources$: Observable<GroupCatalogState<GroupResource>>;
  readonly templates$: Observable<GroupCatalogState<GroupResourceTemplate>>;
}

function byTemplate(members: Members, catalogs: ResourceCatalogs, uri: string): Observable<string> {
  return settledOn(catalogs.templates$, () => undefined).pipe(
    map(({ state }) => {
      const servers = unique((state.items ?? []).filter((template) => matchesTemplate(template.uriTemplate, uri)).map((template) => template.server));
      if (servers.length > 1) throw ambiguous(uri, servers);
      const only = servers[0] ?? (members.names.length === 1 ? members.names[0] : undefined);
      if (only === undefined) throw notFound(`resource ${uri}`, 'unknown-resource', members, state);
      return only;
    }),
  );
}

/**
 * The server of a resource: the ones whose list has the URI, else the ones whose template matches. Unlike names,
 * URIs may repeat across servers, so this waits until every server answered.
 */
function serverOf(members: Members, catalogs: ResourceCatalogs, uri: string): Observable<string> {
  return settledOn(catalogs.resources$, () => undefined).pipe(
    mergeMap(({ state }) => {
      const servers = unique((state.items ?? []).filter((item) => item.uri === uri).map((item) => item.server));
      if (servers.length > 1) return throwError(() => ambiguous(uri, servers));
      return servers.length === 1 ? [servers[0] as string] : byTemplate(members, catalogs, uri);
    }),
  );
}

/**
 * Reads a resource from the server it belongs to (see `ClientGroup.readResource`).
 *
 * **Temperature:** cold. **Emits:** the server's `ReadResourceResult`. **Completes:** after it. **Errors:**
 * `ClientGroupError` (`unknown-server`, `ambiguous-resource`, `unknown-resource`, `closed`), otherwise what the
 * server's client errors with. **Teardown:** stops waiting for the lists, or cancels the read on the wire.
 */
export function routeResource(
  members: Members,
  catalogs: ResourceCatalogs,
  resource: string | { readonly uri: string; readonly server?: string },
  options: GroupCallOptions,
): Observable<ReadResourceResult> {
  const { server: named, ...callOptions } = options;
  const uri = typeof resource === 'string' ? resource : resource.uri;
  const server = named ?? (typeof resource === 'string' ? undefined : resource.server);
  const read = (name: string) => memberClient(members, name).readResource(uri, callOptions as CallOptions);
  return server !== undefined ? defer(() => read(server)) : serverOf(members, catalogs, uri).pipe(mergeMap(read));
}
