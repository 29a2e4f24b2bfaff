import { BehaviorSubject, map, tap, type Observable, type Subscription } from 'rxjs';
import { partitionToolsByHeaders } from '../protocol/routing-headers.js';
import type { ListToolsResult, Tool } from '../protocol/model/tools.js';
import type { ClientCore } from './core.js';
import { DEFAULT_TOOL_HINTS, hintsOf, type ToolHints, type ToolHintsMap } from './tool-hints.js';

const NO_HINTS: ToolHintsMap = new Map();

/**
 * The tools the client has seen, by name: `callTool` takes a tool's `x-mcp-header` parameters and its
 * annotations from here. Where the connection's revision routes by headers over HTTP (2026-07-28), tools whose
 * `x-mcp-header` annotations are invalid are dropped from every list, each with an `invalid-tool-headers` diagnostic.
 *
 * It also keeps the trusted hints of the last successful full listing (`hints$`): only when the client trusts the
 * server's annotations, emptied as soon as a listing fails and after `close()`, so that a tool the server no
 * longer lists never keeps old hints.
 *
 * What it knows belongs to the connection it was listed on: once another connection is negotiated (perhaps to
 * another server behind the same URL), the tools and hints of the last one are forgotten until a listing on the new
 * one, so no call goes out with another server's headers or is repeated on another server's hints.
 */
export class ToolRegistry {
  private readonly known = new Map<string, Tool>();
  private readonly hints = new BehaviorSubject<ToolHintsMap>(NO_HINTS);
  /** The trusted hints as of the last successful listing (empty when untrusted). Hot, replayed. */
  readonly hints$: Observable<ToolHintsMap> = this.hints.asObservable();

  /** The connection the known tools were listed on. */
  private listedOn: number | undefined;
  private readonly connections: Subscription;

  constructor(private readonly core: ClientCore, private readonly trusted: boolean) {
    this.connections = core.server$.subscribe(() => {
      const current = core.current()?.id;
      if (current !== undefined && this.listedOn !== undefined && current !== this.listedOn) this.forget();
    });
  }

  /** Forgets what the last connection listed. */
  private forget(): void {
    this.known.clear();
    this.listedOn = undefined;
    this.clearHints();
  }

  /** Starts a snapshot of the current connection when the known tools came from another one. */
  private adopt(): void {
    const current = this.core.current()?.id;
    if (current !== this.listedOn) {
      this.known.clear();
      this.listedOn = current;
    }
  }

  /** The trusted hints as of the last successful listing. */
  currentHints(): ToolHintsMap {
    return this.hints.value;
  }

  /** The hints an approval of a call of `name` goes by: the trusted ones, else the conservative defaults. */
  hintsFor(name: string): ToolHints {
    return this.hints.value.get(name) ?? DEFAULT_TOOL_HINTS;
  }

  /** Forgets the hints for good (the client is closed). */
  close(): void {
    this.connections.unsubscribe();
    this.clearHints();
    this.hints.complete();
  }

  private clearHints(): void {
    if (this.hints.value.size > 0 && !this.hints.closed) this.hints.next(NO_HINTS);
  }

  /** The last known definition of tool `name`. */
  get(name: string): Tool | undefined {
    return this.known.get(name);
  }

  /** True when the tool's trusted hints (`hintsFor`) say it is read-only or idempotent. */
  isSafeToRepeat(name: string): boolean {
    const hints = this.hintsFor(name);
    return hints.readOnlyHint || hints.idempotentHint;
  }

  /** Replaces what is known with a full list (after filtering). */
  replace(tools: readonly Tool[]): readonly Tool[] {
    const kept = this.filter(tools);
    this.known.clear();
    this.listedOn = this.core.current()?.id;
    for (const tool of kept) this.known.set(tool.name, tool);
    if (this.trusted && !this.hints.closed) this.hints.next(new Map(kept.map((tool) => [tool.name, hintsOf(tool)])));
    // With pinning, the first definition listed of each tool is the pinned one (`seen` never rejects).
    void this.core.options.pinning?.seen(kept);
    return kept;
  }

  /** Filters and remembers every full list that passes; a listing that fails empties the hints. */
  keep(list$: Observable<readonly Tool[]>): Observable<readonly Tool[]> {
    return list$.pipe(
      map((tools) => this.replace(tools)),
      tap({ error: () => this.clearHints() }),
    );
  }

  /** Filters and remembers the tools of one page. */
  keepPage(page$: Observable<ListToolsResult>): Observable<ListToolsResult> {
    return page$.pipe(
      map((page) => {
        const tools = this.filter(page.tools);
        this.adopt();
        for (const tool of tools) this.known.set(tool.name, tool);
        return tools.length === page.tools.length ? page : { ...page, tools };
      }),
    );
  }

  private filter(tools: readonly Tool[]): readonly Tool[] {
    const policy = this.core.current()?.policy;
    if (policy === undefined || policy.revision.httpHeaders !== 'routing' || !policy.connection.exchange) return tools;
    const { valid, invalid } = partitionToolsByHeaders(tools);
    for (const { tool, reason } of invalid) {
      this.core.diagnose({ kind: 'invalid-tool-headers', message: `Tool ${tool.name} dropped: ${reason}`, value: tool });
    }
    return valid;
  }
}
