import { map, type Observable } from 'rxjs';
import { partitionToolsByHeaders } from '../protocol/routing-headers.js';
import type { ListToolsResult, Tool } from '../protocol/model/tools.js';
import type { ClientCore } from './core.js';

/**
 * The tools the client has seen, by name: `callTool` takes a tool's `x-mcp-header` parameters and its
 * annotations from here. Where the connection's revision routes by headers over HTTP (2026-07-28), tools whose
 * `x-mcp-header` annotations are invalid are dropped from every list, each with an `invalid-tool-headers` diagnostic.
 */
export class ToolRegistry {
  private readonly known = new Map<string, Tool>();

  constructor(private readonly core: ClientCore) {}

  /** The last known definition of tool `name`. */
  get(name: string): Tool | undefined {
    return this.known.get(name);
  }

  /** True when the tool says it is read-only or idempotent, and its server's annotations are trusted. */
  isSafeToRepeat(name: string, trusted: boolean): boolean {
    const annotations = this.known.get(name)?.annotations;
    return trusted && (annotations?.readOnlyHint === true || annotations?.idempotentHint === true);
  }

  /** Replaces what is known with a full list (after filtering). */
  replace(tools: readonly Tool[]): readonly Tool[] {
    const kept = this.filter(tools);
    this.known.clear();
    for (const tool of kept) this.known.set(tool.name, tool);
    return kept;
  }

  /** Filters and remembers every full list that passes. */
  keep(list$: Observable<readonly Tool[]>): Observable<readonly Tool[]> {
    return list$.pipe(map((tools) => this.replace(tools)));
  }

  /** Filters and remembers the tools of one page. */
  keepPage(page$: Observable<ListToolsResult>): Observable<ListToolsResult> {
    return page$.pipe(
      map((page) => {
        const tools = this.filter(page.tools);
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
