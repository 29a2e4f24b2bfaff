import type { ReadResourceResult } from '../../protocol/model/resources.js';
import type { Tool } from '../../protocol/model/tools.js';
import { canonicalJson, sha256Hex } from './digest.js';

/**
 * A part of a tool's definition that a pin covers: the name, the title, the description, the input and output
 * schemas, the annotations, the MCP App resource it links through `_meta.ui.resourceUri` (`appResource`) and,
 * when read, that resource's contents (`appResourceContents`).
 */
export type PinnedField = 'name' | 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations' | 'appResource' | 'appResourceContents';

/** The fields of a tool definition, in the order they are reported. */
export const PINNED_FIELDS: readonly PinnedField[] = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'appResource', 'appResourceContents'];

/**
 * The fingerprint of one tool, as JSON: the SHA-256 of the canonical JSON (sorted keys) of its definition, one
 * per field (so a difference names the fields), and the annotations themselves (so a difference can say
 * `readOnlyHint: true → false`).
 */
export interface ToolPin {
  /** The digest of the whole definition (every field but `appResourceContents`). */
  readonly digest: string;
  /** The digest of each field (an absent field has the digest of `null`). */
  readonly fields: Readonly<Partial<Record<PinnedField, string>>>;
  /** The tool's annotations as they were pinned. */
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** A pinned set of tools, by name: plain JSON, for a file, `localStorage` or IndexedDB. */
export interface ToolPins {
  /** The format's version: 1. */
  readonly version: 1;
  /** The pin of each tool, by its name. */
  readonly tools: Readonly<Record<string, ToolPin>>;
}

/** The `ui://` resource a tool renders its results with: `_meta.ui.resourceUri` (or the older `_meta["ui/resourceUri"]`). */
export function appResourceUri(tool: Tool): string | undefined {
  const meta = (tool as { _meta?: Record<string, unknown> })._meta;
  const ui = meta?.['ui'];
  const uri = (ui !== null && typeof ui === 'object' ? (ui as Record<string, unknown>)['resourceUri'] : undefined) ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' ? uri : undefined;
}

function definition(tool: Tool): Record<Exclude<PinnedField, 'appResourceContents'>, unknown> {
  return {
    name: tool.name,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema ?? null,
    outputSchema: tool.outputSchema ?? null,
    annotations: tool.annotations ?? null,
    appResource: appResourceUri(tool) ?? null,
  };
}

/**
 * The fingerprint of `tool`; with `appResource` (the read result of the tool's `ui://` resource) it covers the
 * resource's contents too.
 * @example
 * ```ts
 * import { toolFingerprint } from 'rxmcp/agent';
 *
 * const pin = await toolFingerprint({ name: 'search', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
 * console.log(pin.digest); // 64 hex digits
 * ```
 */
export async function toolFingerprint(tool: Tool, appResource?: ReadResourceResult): Promise<ToolPin> {
  const parts = definition(tool);
  const entries = Object.entries(parts) as [PinnedField, unknown][];
  if (appResource !== undefined) entries.push(['appResourceContents', appResource.contents]);
  const digests = await Promise.all(entries.map(([, value]) => sha256Hex(canonicalJson(value))));
  const fields = Object.fromEntries(entries.map(([field], index) => [field, digests[index]!]));
  const pin: ToolPin = { digest: await sha256Hex(canonicalJson(parts)), fields };
  return tool.annotations === undefined ? pin : { ...pin, annotations: { ...tool.annotations } };
}

/** The fingerprints of `tools`, as a pinned set (a later tool of the same name replaces an earlier one). */
export async function pinTools(tools: readonly Tool[]): Promise<ToolPins> {
  const pins = await Promise.all(tools.map((tool) => toolFingerprint(tool)));
  return { version: 1, tools: Object.fromEntries(tools.map((tool, index) => [tool.name, pins[index]!])) };
}
