import { defer, from, map, Observable, of, Subscription } from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { CatalogState } from '../client/live/catalog.js';
import type { Tool } from '../protocol/model/tools.js';

/** What the lookup needs of the client: a listing, and the live catalog when the client keeps one. */
export type ToolSource = Pick<Client, 'listTools'> & Partial<Pick<Client, 'toolsState$'>>;

/** Finds the tool an app asks to call, for as long as the app is shown. */
export interface ToolLookup {
  /** The tool named `name` as the server lists it now, or `undefined` when it lists none by that name. */
  find(name: string): Observable<Tool | undefined>;
  /** Stops following the live catalog. */
  readonly subscription: Subscription;
}

/**
 * A lookup of the tools an app may call. An app may call tools often (a monitor polling every second): a listing per
 * call would double its traffic. The client's live catalog (`toolsState$`) is followed while the app is shown, and a
 * call is checked against it when it is loaded and not stale; otherwise (nothing loaded yet, a change announced and
 * not loaded, the name absent, a client without a catalog) one fresh listing decides, so a tool the server added
 * without announcing it is still found.
 */
export function toolLookup(client: ToolSource): ToolLookup {
  let latest: CatalogState<Tool> | undefined;
  const subscription = client.toolsState$?.subscribe({ next: (state) => (latest = state), error: () => (latest = undefined) }) ?? new Subscription();
  const listed = (name: string): Observable<Tool | undefined> =>
    from(client.listTools()).pipe(map((tools) => tools.find((tool) => tool.name === name)));
  return {
    subscription,
    find: (name) =>
      defer(() => {
        const state = latest;
        const known = state !== undefined && !state.stale ? state.items?.find((tool) => tool.name === name) : undefined;
        return known === undefined ? listed(name) : of(known);
      }),
  };
}
