import type { ReadResourceResult } from '../protocol/model/resources.js';
import type { Tool } from '../protocol/model/tools.js';
import { AppResourceError } from './errors.js';
import type { AppResource, AppResourceMeta, ToolVisibility } from './types.js';

/** The MIME type of an MCP App's HTML (SEP-1865). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const toolUi = (tool: Tool): Readonly<Record<string, unknown>> | undefined => record(record(tool._meta)?.['ui']);

/**
 * The `ui://` resource a tool shows its results with: `_meta.ui.resourceUri`, or the older `_meta["ui/resourceUri"]`;
 * `undefined` for a tool without one.
 */
export function appResourceUri(tool: Tool): string | undefined {
  const uri = toolUi(tool)?.['resourceUri'] ?? record(tool._meta)?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call a tool (`_meta.ui.visibility`); both the model and the app when it says nothing valid. */
export function toolVisibility(tool: Tool): readonly ToolVisibility[] {
  const declared = toolUi(tool)?.['visibility'];
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((entry): entry is ToolVisibility => entry === 'model' || entry === 'app');
}

/**
 * The tools a model may see and call: those whose visibility includes `model` (SEP-1865: app-only tools stay out
 * of the agent's tool list).
 * @example
 * ```ts
 * import { modelTools } from 'rxmcp/apps';
 *
 * client.listTools().subscribe((tools) => console.log(modelTools(tools).map((tool) => tool.name)));
 * ```
 */
export function modelTools<T extends Tool>(tools: readonly T[]): T[] {
  return tools.filter((tool) => toolVisibility(tool).includes('model'));
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function htmlOf(uri: string, content: Readonly<Record<string, unknown>>): string {
  if (typeof content['text'] === 'string') return content['text'];
  if (typeof content['blob'] === 'string') {
    try {
      return decodeBase64(content['blob']);
    } catch (cause) {
      throw new AppResourceError(uri, 'its blob is not base64', { cause });
    }
  }
  throw new AppResourceError(uri, 'it has neither text nor blob');
}

/**
 * The MCP App in a `resources/read` result: the HTML (text, or a base64 blob) of the content with the requested
 * URI (the first one otherwise) and its `_meta.ui`.
 *
 * Throws `AppResourceError` when there is no content, or its MIME type is not `text/html;profile=mcp-app`.
 */
export function appResource(result: ReadResourceResult, uri: string): AppResource {
  const contents = result.contents as unknown as readonly Readonly<Record<string, unknown>>[];
  const content = contents.find((entry) => entry['uri'] === uri) ?? contents[0];
  if (content === undefined) throw new AppResourceError(uri, 'the read gave no contents');
  const mime = typeof content['mimeType'] === 'string' ? content['mimeType'] : undefined;
  if (mime?.replace(/\s+/g, '').toLowerCase() !== APP_MIME_TYPE) throw new AppResourceError(uri, `its type is ${mime ?? 'not given'}, not ${APP_MIME_TYPE}`);
  const meta = record(record(content['_meta'])?.['ui']) ?? {};
  return { uri, html: htmlOf(uri, content), meta: meta as AppResourceMeta };
}
