// A tool source as an MCP server of the OpenAI Agents SDK (`@openai/agents`, an optional peer dependency): the SDK
// takes any object shaped like its `MCPServer`. Only types come from the SDK, and its tool cache is cleared through
// a dynamic import made when caching is on, so this module loads without the SDK.
import type { CallToolResult as AgentsCallToolResult, CallToolResultContent, MCPCallToolOptions, MCPServer } from '@openai/agents';
import { distinctUntilChanged, firstValueFrom, type Observable, type Subscription } from 'rxjs';
import { describeTools, type AdvertisedTool, type ToolAdapterOptions } from '../agent/advertise.js';
import { callForFramework, type FrameworkCallOutcome, type ServerToolResult } from '../agent/framework-call.js';
import { failureText } from '../agent/output.js';
import { firstLoadedTools, settledToolList } from '../agent/settled-tools.js';
import { hintsStream, type ToolCallApproval, type ToolListState, type ToolSource } from '../agent/source.js';
import type { ToolCallOptions } from '../client/client-types.js';
import type { Params } from '../session/types.js';

/** The SDK's `MCPServer` as this adapter fills it. */
export type AgentsMcpServer = MCPServer;

/** Options of {@link toAgentsMcpServer}. */
export interface AgentsMcpServerOptions extends Pick<ToolAdapterOptions, 'filter' | 'maxTools' | 'hints' | 'dereference' | 'onDiagnostic'> {
  /** The server's name in the SDK (tool cache key, traces, `includeServerInToolNames`); default `'rxmcp'`. */
  readonly name?: string;
  /**
   * Let the SDK cache the tool list (default false). Either way every change of the source's list reaches the next
   * model turn: with caching on, an announced change clears the SDK's cache for this server's name.
   */
  readonly cacheToolsList?: boolean;
  /** Decides each call before it is sent; a denied call answers the model that the user denied it. */
  readonly approve?: ToolCallApproval;
  /** Options of every tool call (time limits, ...). */
  readonly callOptions?: ToolCallOptions;
  /** How long a model turn waits for an announced change of the list to load (default 2000 ms). */
  readonly settleMs?: number;
  /** The SDK's own tool filter (static lists, or a function of the run context and the tool), applied after `filter`. */
  readonly toolFilter?: MCPServer['toolFilter'];
  /** How the SDK words a failed call for the model (`null`: the run fails instead); the SDK's default otherwise. */
  readonly errorFunction?: MCPServer['errorFunction'];
  /** The model reads `structuredContent` as JSON when a result has it (the SDK's option). */
  readonly useStructuredContent?: boolean;
}

/** A tool as the SDK lists it. */
type MCPTool = Awaited<ReturnType<MCPServer['listTools']>>[number];

type InvalidateCache = (serverName: string) => Promise<void>;

/** The SDK's way to clear its tool cache for one server, loaded on first use. */
async function loadInvalidate(): Promise<InvalidateCache> {
  const sdk = (await import('@openai/agents')) as { invalidateServerToolsCache: InvalidateCache };
  return sdk.invalidateServerToolsCache;
}

/** The MCP tool as the SDK lists it: its name, description and input schema normalised for a provider. */
function agentsTool(entry: AdvertisedTool): MCPTool {
  const description = entry.tool.description ?? entry.tool.title;
  return {
    name: entry.tool.name,
    ...(description === undefined ? {} : { description }),
    inputSchema: entry.schema.schema as MCPTool['inputSchema'],
  };
}

/** A result (or a denied call) as the SDK's full result and as its content with the result's fields attached. */
function asAgentsResult(outcome: FrameworkCallOutcome): AgentsCallToolResult {
  const result: ServerToolResult = 'denied' in outcome ? { content: [{ type: 'text', text: failureText(undefined, true) }], isError: true } : outcome.result;
  return result as unknown as AgentsCallToolResult;
}

function contentOf(result: AgentsCallToolResult): CallToolResultContent {
  const content = [...result.content] as CallToolResultContent;
  if (result.isError !== undefined) content.isError = result.isError;
  if (result.structuredContent !== undefined) content.structuredContent = result.structuredContent;
  if (result._meta !== undefined) content._meta = result._meta;
  return content;
}

/** What changes the list the SDK should see: an announced change, a new list, a failed refresh. */
const sameState = (a: ToolListState, b: ToolListState): boolean => a.items === b.items && a.stale === b.stale && a.error === b.error;

class RxmcpAgentsServer implements MCPServer {
  readonly name: string;
  readonly cacheToolsList: boolean;
  readonly toolFilter?: MCPServer['toolFilter'];
  readonly errorFunction?: MCPServer['errorFunction'];
  readonly useStructuredContent?: boolean;
  private following: Subscription | undefined;
  private tools = new Map<string, AdvertisedTool>();

  constructor(private readonly source: ToolSource, private readonly options: AgentsMcpServerOptions) {
    this.name = options.name ?? 'rxmcp';
    this.cacheToolsList = options.cacheToolsList ?? false;
    if (options.toolFilter !== undefined) this.toolFilter = options.toolFilter;
    if (options.errorFunction !== undefined) this.errorFunction = options.errorFunction;
    if (options.useStructuredContent !== undefined) this.useStructuredContent = options.useStructuredContent;
  }

  async connect(): Promise<void> {
    await firstValueFrom(firstLoadedTools(this.source));
    if (!this.cacheToolsList || this.following !== undefined) return;
    const invalidate = await loadInvalidate();
    const clear = (): void => void invalidate(this.name);
    const changes$: Observable<unknown> = this.source.toolsState$ === undefined ? this.source.tools$.pipe(distinctUntilChanged()) : this.source.toolsState$.pipe(distinctUntilChanged(sameState));
    this.following = changes$.subscribe({ next: clear, error: clear });
  }

  async close(): Promise<void> {
    this.following?.unsubscribe();
    this.following = undefined;
  }

  async listTools(): Promise<MCPTool[]> {
    const list = await firstValueFrom(settledToolList(this.source, this.options.settleMs));
    const hints = await firstValueFrom(hintsStream(this.options.hints, this.source));
    const described = describeTools(list, hints, agentsTool, { ...this.options, strict: false });
    described.diagnostics.forEach((diagnostic) => this.options.onDiagnostic?.(diagnostic));
    this.tools = new Map(described.tools.map((entry) => [entry.tool.name, entry]));
    return [...described.definitions];
  }

  async callToolResult(toolName: string, args: Record<string, unknown> | null, meta?: Record<string, unknown> | null, options?: MCPCallToolOptions): Promise<AgentsCallToolResult> {
    // The SDK may call from a list it cached under this name before this object listed anything.
    const entry = this.tools.get(toolName) ?? (await this.listTools(), this.tools.get(toolName));
    const callOptions = meta === undefined || meta === null ? this.options.callOptions : { ...this.options.callOptions, meta: { ...this.options.callOptions?.meta, ...meta } };
    const call = {
      source: this.source,
      tool: entry?.tool ?? { name: toolName, inputSchema: { type: 'object' as const } },
      ...(entry?.hints === undefined ? {} : { hints: entry.hints }),
      ...(this.options.approve === undefined ? {} : { approve: this.options.approve }),
      ...(callOptions === undefined ? {} : { callOptions }),
    };
    return asAgentsResult(await callForFramework(call, (args ?? {}) as Params, options?.signal));
  }

  async callTool(toolName: string, args: Record<string, unknown> | null, meta?: Record<string, unknown> | null, options?: MCPCallToolOptions): Promise<CallToolResultContent> {
    return contentOf(await this.callToolResult(toolName, args, meta, options));
  }

  async invalidateToolsCache(): Promise<void> {
    if (this.cacheToolsList) await (await loadInvalidate())(this.name);
  }
}

/**
 * A client or a client group as an MCP server of the OpenAI Agents SDK (`new Agent({ mcpServers: [server] })`):
 * `listTools` gives the source's live list (filtered by `filter` and the trusted hints, schemas normalised), so a
 * change of the server's list reaches the next model turn (with `cacheToolsList`, an announced change clears the
 * SDK's cache); `callTool` runs the approval step, then the call, which the SDK's abort signal cancels on the wire.
 * A call that fails rejects, and the SDK's `errorFunction` words it for the model. `connect` waits for the first
 * tool list; `close` stops following the list and leaves the source open (its owner closes it).
 *
 * **Temperature:** cold: nothing happens before `connect` or `listTools`. **Emits:** not an Observable: the
 * methods' Promises resolve as described. **Completes:** n/a. **Errors:** `connect` and `listTools` reject with the
 * first listing's error; `callTool` with the call's error, or the abort signal's reason.
 * **Teardown:** `close()` unsubscribes from the list; calls in flight run until their signal aborts.
 * @example
 * ```ts
 * const server = toAgentsMcpServer(client, { name: 'weather' });
 * await server.connect();
 * const agent = new Agent({ name: 'Assistant', mcpServers: [server] });
 * const result = await run(agent, 'What is the weather in Oslo?');
 * console.log(result.finalOutput);
 * await server.close();
 * ```
 */
export function toAgentsMcpServer(source: ToolSource, options: AgentsMcpServerOptions = {}): AgentsMcpServer {
  return new RxmcpAgentsServer(source, options);
}
