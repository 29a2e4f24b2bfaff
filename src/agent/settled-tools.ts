// The tool list a framework adapter hands to its framework: the first one loaded, or the current one once a change
// that was announced has loaded (so the model turn after a `list_changed` sees the new list).
import { filter, map, take, timeout, type Observable } from 'rxjs';
import type { Tool } from '../protocol/model/tools.js';
import type { ToolListState, ToolSource } from './source.js';

/** How long {@link settledToolList} waits for an announced change to load before it takes the list it has. */
export const DEFAULT_TOOL_SETTLE_MS = 2000;

const settled = (state: ToolListState): boolean =>
  !state.refreshing && (state.items === undefined ? state.error !== undefined : !state.stale || state.error !== undefined);

/**
 * The first loaded tool list; with `toolsState$`, a first listing that failed is an error instead of a wait.
 *
 * **Temperature:** as the source. **Emits:** the first loaded list. **Completes:** after it. **Errors:** with the
 * first listing's error, or when `tools$` errors. **Teardown:** unsubscribes the source.
 */
export function firstLoadedTools(source: Pick<ToolSource, 'tools$' | 'toolsState$'>): Observable<readonly Tool[]> {
  if (source.toolsState$ === undefined) return source.tools$.pipe(take(1));
  return source.toolsState$.pipe(
    map((state) => {
      if (state.items !== undefined) return state.items;
      if (state.error !== undefined && !state.refreshing) throw state.error;
      return undefined;
    }),
    filter((items): items is readonly Tool[] => items !== undefined),
    take(1),
  );
}

/**
 * The current tool list once it has settled: nothing announced and not loaded, nothing loading; after `settleMs`
 * the latest list as it is. A list that never loaded and failed is an error.
 *
 * **Temperature:** as the source. **Emits:** one list. **Completes:** after it. **Errors:** with the first listing's
 * error. **Teardown:** unsubscribes the source.
 */
export function settledToolList(source: Pick<ToolSource, 'tools$' | 'toolsState$'>, settleMs = DEFAULT_TOOL_SETTLE_MS): Observable<readonly Tool[]> {
  const latest$ = source.tools$.pipe(take(1));
  if (source.toolsState$ === undefined) return latest$;
  return source.toolsState$.pipe(
    filter(settled),
    map((state) => {
      if (state.items === undefined) throw state.error;
      return state.items;
    }),
    take(1),
    timeout({ first: settleMs, with: () => latest$ }),
  );
}
