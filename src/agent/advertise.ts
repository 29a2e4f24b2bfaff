import { combineLatest, map, tap, type Observable, type OperatorFunction } from 'rxjs';
import type { JsonSchema } from '../protocol/model/tool-definition.js';
import type { Tool } from '../protocol/model/tools.js';
import { assignToolNames, qualifiedToolName, type ToolKey, type ToolNameOptions } from './names.js';
import { MAX_SCHEMA_DEPTH, normalizeInputSchema, type NormalizedSchema } from './schema.js';
import { hintsStream, type ToolHints, type ToolHintsInput, type ToolHintsMap } from './source.js';

/** Tools of one source, or of several servers by server name (names then become `server__tool`). */
export type ToolList = readonly Tool[] | { readonly [server: string]: readonly Tool[] };

/** Allow and deny lists of MCP tool names (for several servers, `server__tool` matches too). */
export interface ToolNameFilter {
  /** Only these tools (default: all). */
  readonly allow?: readonly string[];
  /** Never these tools; wins over `allow`. */
  readonly deny?: readonly string[];
}

/** Which tools the model sees: name lists, or a function of the tool, its trusted hints and its server. */
export type ToolFilter = ToolNameFilter | ((tool: Tool, hints: ToolHints | undefined, server: string | undefined) => boolean);

/** Something the adapters want you to know: tools left out over the cap, repeated tools, refs not resolved. */
export interface AgentDiagnostic {
  /**
   * `tool-cap` (tools left out over `maxTools`), `duplicate-tool` (a name listed twice), `unresolved-ref` (a `$ref` kept
   * as it was) or `unusable-schema` (a tool left out: its input schema nests too deep).
   */
  readonly kind: 'tool-cap' | 'duplicate-tool' | 'unresolved-ref' | 'unusable-schema';
  /** What happened, for logs. */
  readonly message: string;
  /** The MCP names concerned (`server__tool` for several servers). */
  readonly tools: readonly string[];
}

/** Default most tools advertised to a model. */
export const DEFAULT_MAX_TOOLS = 128;

/** Options shared by every tool adapter. */
export interface ToolAdapterOptions {
  /** Which tools the model sees (default: all). */
  readonly filter?: ToolFilter;
  /** Most tools advertised (default 128); the rest are left out with a `tool-cap` diagnostic. */
  readonly maxTools?: number;
  /** Trusted hints by tool name, as a value or a live stream; the filter sees them. */
  readonly hints?: ToolHintsInput;
  /** How provider names are made: length limit, separator for several servers. */
  readonly names?: ToolNameOptions;
  /** Replace local `$ref`s by their targets (default true). */
  readonly dereference?: boolean;
  /** `'auto'` (default): `strict: true` where the schema meets strict mode; `false`: never strict. */
  readonly strict?: 'auto' | false;
  /** Called with the diagnostics of every emitted tool set that has some. */
  readonly onDiagnostic?: (diagnostic: AgentDiagnostic) => void;
}

/** One advertised tool: the provider's name for it and where a call goes. */
export interface AdvertisedTool {
  /** The provider-safe name the model sees and calls. */
  readonly name: string;
  /** The MCP tool. */
  readonly tool: Tool;
  /** Its server, for tool lists of several servers. */
  readonly server?: string;
  /** Its trusted hints, if any. */
  readonly hints?: ToolHints;
  /** Its input schema, normalised for the provider. */
  readonly schema: NormalizedSchema;
  /** Whether the definition was marked strict. */
  readonly strict: boolean;
}

/** A tool list in a provider's shape, with the way back from the provider's names. */
export interface AdvertisedTools<D> {
  /** What to send to the model, in list order. */
  readonly definitions: readonly D[];
  /** The advertised tools, in list order. */
  readonly tools: readonly AdvertisedTool[];
  /** Provider name → tool; dispatch through this, never by splitting names. */
  readonly byName: ReadonlyMap<string, AdvertisedTool>;
  /** What was left out or changed, and why. */
  readonly diagnostics: readonly AgentDiagnostic[];
}

interface Entry {
  readonly key: ToolKey;
  readonly tool: Tool;
  readonly hints: ToolHints | undefined;
}

function entriesOf(list: ToolList, hints: ToolHintsMap): Entry[] {
  if (Array.isArray(list)) return (list as readonly Tool[]).map((tool) => ({ key: { name: tool.name }, tool, hints: hints.get(tool.name) }));
  return Object.entries(list as Record<string, readonly Tool[]>).flatMap(([server, tools]) =>
    tools.map((tool) => ({ key: { server, name: tool.name }, tool, hints: hints.get(qualifiedToolName({ server, name: tool.name })) })),
  );
}

function passes(filter: ToolFilter | undefined, entry: Entry): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'function') return filter(entry.tool, entry.hints, entry.key.server);
  const names = [entry.key.name, qualifiedToolName(entry.key)];
  if (filter.deny?.some((name) => names.includes(name))) return false;
  return filter.allow === undefined || filter.allow.some((name) => names.includes(name));
}

function capped(entries: Entry[], max: number, diagnostics: AgentDiagnostic[]): Entry[] {
  if (entries.length <= max) return entries;
  const dropped = entries.slice(max).map((entry) => qualifiedToolName(entry.key));
  diagnostics.push({ kind: 'tool-cap', message: `${entries.length} tools, ${max} advertised: ${dropped.length} left out`, tools: dropped });
  return entries.slice(0, max);
}

// Each tool list change (and each hints change) describes every tool again: a tool object that stays the same (a
// client's list keeps unchanged tools, a group remembers them) is normalised once, per dereference setting.
const normalized = [new WeakMap<object, NormalizedSchema>(), new WeakMap<object, NormalizedSchema>()] as const;

function normalizedOnce(schema: JsonSchema | undefined, dereference: boolean): NormalizedSchema {
  if (schema === undefined) return normalizeInputSchema(schema, { dereference });
  const cache = normalized[dereference ? 1 : 0];
  let found = cache.get(schema);
  if (found === undefined) {
    found = normalizeInputSchema(schema, { dereference });
    cache.set(schema, found);
  }
  return found;
}

function advertised(entries: Entry[], options: ToolAdapterOptions, diagnostics: AgentDiagnostic[]): AdvertisedTool[] {
  const { names } = assignToolNames(entries.map((entry) => entry.key), options.names);
  const repeated: string[] = [];
  const unresolved: string[] = [];
  const unusable: string[] = [];
  const tools = entries.flatMap((entry, index): AdvertisedTool[] => {
    const name = names[index];
    if (name === undefined) return (repeated.push(qualifiedToolName(entry.key)), []);
    const schema = normalizedOnce(entry.tool.inputSchema, options.dereference ?? true);
    if (schema.unusable !== undefined) return (unusable.push(qualifiedToolName(entry.key)), []);
    if (schema.unresolvedRefs.length > 0) unresolved.push(qualifiedToolName(entry.key));
    const server = entry.key.server === undefined ? {} : { server: entry.key.server };
    const hints = entry.hints === undefined ? {} : { hints: entry.hints };
    return [{ name, tool: entry.tool, ...server, ...hints, schema, strict: options.strict !== false && schema.strict }];
  });
  if (repeated.length > 0) diagnostics.push({ kind: 'duplicate-tool', message: 'The same tool was listed more than once; advertised once', tools: repeated });
  if (unresolved.length > 0) diagnostics.push({ kind: 'unresolved-ref', message: 'Non-local $ref left unconstrained (never fetched)', tools: unresolved });
  if (unusable.length > 0) diagnostics.push({ kind: 'unusable-schema', message: `Left out: an input schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`, tools: unusable });
  return tools;
}

/** Describes one tool list for a provider (pure): filter, cap, names, schemas, then `format` per tool. */
export function describeTools<D>(list: ToolList, hints: ToolHintsMap, format: (tool: AdvertisedTool) => D, options: ToolAdapterOptions = {}): AdvertisedTools<D> {
  const diagnostics: AgentDiagnostic[] = [];
  const kept = entriesOf(list, hints).filter((entry) => passes(options.filter, entry));
  const tools = advertised(capped(kept, options.maxTools ?? DEFAULT_MAX_TOOLS, diagnostics), options, diagnostics);
  return { definitions: tools.map(format), tools, byName: new Map(tools.map((tool) => [tool.name, tool])), diagnostics };
}

/**
 * The operator behind every adapter: each tool list (and each change of the hints) becomes the provider's tool set.
 *
 * **Temperature:** as the source. **Emits:** one tool set per tool list, and again when the hints change.
 * **Completes:** when the source completes. **Errors:** when the source or the hints stream errors, or `format` throws.
 * **Teardown:** unsubscribes the source and the hints stream.
 */
export function advertiseTools<D>(format: (tool: AdvertisedTool) => D, options: ToolAdapterOptions = {}): OperatorFunction<ToolList, AdvertisedTools<D>> {
  return (source: Observable<ToolList>) =>
    combineLatest([source, hintsStream(options.hints)]).pipe(
      map(([list, hints]) => describeTools(list, hints, format, options)),
      tap((set) => set.diagnostics.forEach((diagnostic) => options.onDiagnostic?.(diagnostic))),
    );
}
