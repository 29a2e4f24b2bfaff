import { catchError, concatMap, defer, forkJoin, from, map, of, type Observable } from 'rxjs';
import type { ReadResourceResult } from '../../protocol/model/resources.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { ToolDrift } from './diff.js';
import { appResourceUri } from './fingerprint.js';
import type { ToolPinning } from './pinning.js';

/** What `toolDrift$` needs of a client: its live tool list, and reads of MCP App resources. */
export interface DriftSource {
  /**
   * The live tool list (`Client.tools$`).
   *
   * - **Temperature:** hot (a client's catalog), or cold (`listTools()`).
   * - **Emits:** each complete tool list. **Completes:** when the client is closed (or after the one list).
   * - **Errors:** never for a client's catalog. **Teardown:** `toolDrift$` unsubscribes when it is unsubscribed.
   */
  readonly tools$: Observable<readonly Tool[]>;
  /**
   * Reads a resource (`Client.readResource`); used with `readAppResources`.
   *
   * - **Temperature:** cold. **Emits:** the contents once. **Completes:** after them.
   * - **Errors:** as the server answers (a failed read leaves the resource out of the fingerprint).
   * - **Teardown:** cancels the read.
   */
  readResource(uri: string): Observable<ReadResourceResult>;
}

/** Options of `toolDrift$`. */
export interface ToolDriftOptions {
  /**
   * Read the `ui://` resource of every MCP App tool (`_meta.ui.resourceUri`) on each listing, so that a change of
   * its contents counts as drift too (default false: only the URI counts). A resource that cannot be read is left out.
   */
  readonly readAppResources?: boolean;
}

function readApps(source: DriftSource, tools: readonly Tool[]): Observable<ReadonlyMap<string, ReadResourceResult>> {
  const apps = tools.flatMap((tool) => {
    const uri = appResourceUri(tool);
    return uri === undefined ? [] : [[tool.name, uri] as const];
  });
  if (apps.length === 0) return of(new Map());
  const reads = apps.map(([, uri]) => source.readResource(uri).pipe(catchError(() => of(undefined))));
  return forkJoin(reads).pipe(
    map((results) => new Map(apps.flatMap(([name], index) => (results[index] === undefined ? [] : [[name, results[index]!] as const])))),
  );
}

/**
 * The drift of a client's tools: on every listing of `tools$`, how it differs from the tools `pinning` holds
 * (changed tools with the fields that changed and, for annotations, from what to what; added and removed tools).
 * The first listing of an empty pin store is pinned and reports nothing; new tools are pinned as they appear.
 * @example
 * ```ts
 * import { describeDrift, toolDrift$, toolPinning } from 'rxmcp/agent';
 *
 * const pinning = toolPinning();
 * toolDrift$(client, pinning).subscribe((drift) => {
 *   for (const difference of drift) console.warn(describeDrift(difference)); // "search changed: annotations (readOnlyHint true → false)"
 * });
 * ```
 *
 * - **Temperature:** cold: each subscription follows `tools$` (which lists when first subscribed).
 * - **Emits:** one array per listing, in listing order: its differences (empty when it matches the pins).
 * - **Completes:** when `tools$` completes (after the client is closed).
 * - **Errors:** when the pin store fails to load or save.
 * - **Teardown:** stops following `tools$` and drops the resource reads in flight.
 */
export function toolDrift$(source: DriftSource, pinning: ToolPinning, options: ToolDriftOptions = {}): Observable<readonly ToolDrift[]> {
  return source.tools$.pipe(
    concatMap((tools) => {
      const apps$: Observable<ReadonlyMap<string, ReadResourceResult> | undefined> = options.readAppResources === true ? readApps(source, tools) : of(undefined);
      return apps$.pipe(concatMap((apps) => defer(() => from(pinning.check(tools, apps)))));
    }),
  );
}
