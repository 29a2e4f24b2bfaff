import { combineLatest, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { ToolHints, ToolHintsMap } from '../client/tool-hints.js';
import type { Member } from './members.js';
import type { GroupTool } from './types.js';

/** Every member's trusted hints, by server and the tool's own name. */
function hintsByServer(members$: Observable<readonly Member[]>): Observable<ReadonlyMap<string, ToolHintsMap>> {
  return members$.pipe(
    switchMap((list) => (list.length === 0 ? of([]) : combineLatest(list.map((member) => member.client.toolHints$.pipe(map((hints) => [member.name, hints] as const)))))),
    map((entries) => new Map(entries)),
  );
}

/**
 * The group's trusted hints under the group's tool names (`server__tool`): each server's client decides what it
 * trusts (`trustToolAnnotations`), the group only renames. A tool without trusted hints is absent (the defaults).
 *
 * - **Temperature:** hot while subscribed, replaying the current map.
 * - **Emits:** the map on every change of the merged tool list or of a server's hints.
 * - **Completes:** after the group closes. **Errors:** never.
 * - **Teardown:** the last subscriber's leaving unsubscribes every server's hints.
 */
export function groupToolHints(members$: Observable<readonly Member[]>, tools$: Observable<readonly GroupTool[]>): Observable<ToolHintsMap> {
  return combineLatest([tools$, hintsByServer(members$)]).pipe(
    map(([tools, byServer]) => {
      const entries: [string, ToolHints][] = [];
      for (const tool of tools) {
        const hints = byServer.get(tool.server)?.get(tool.originalName);
        if (hints !== undefined) entries.push([tool.name, hints]);
      }
      return new Map(entries) as ToolHintsMap;
    }),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}
