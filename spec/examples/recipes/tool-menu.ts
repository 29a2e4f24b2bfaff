// A dashboard component of the kind the testing recipes test: the menu of a server's tools, kept current.
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import { toolDisplayName, type CatalogState, type Client, type Tool } from '../../../src/index.js';

const label = (tool: Tool): string => `${toolDisplayName(tool)}${tool.annotations?.destructiveHint === true ? ' ⚠' : ''}`;

function note(state: CatalogState<Tool>): string[] {
  if (state.error) return [`(could not refresh: ${state.error.message})`];
  return state.stale ? ['(updating…)'] : [];
}

/** One line per tool, sorted by label, destructive tools marked; a note while a change loads or when it failed. */
export function toolMenu(client: Pick<Client, 'toolsState$'>): Observable<string> {
  return client.toolsState$.pipe(
    map((state) => {
      if (state.items === undefined) return state.error ? `Tools unavailable: ${state.error.message}` : 'Loading tools…';
      return [...state.items.map(label).sort((a, b) => a.localeCompare(b)), ...note(state)].join(' | ');
    }),
    distinctUntilChanged(),
  );
}
