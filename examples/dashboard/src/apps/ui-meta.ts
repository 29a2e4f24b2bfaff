import type { McpUiResourceMeta, McpUiToolMeta } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ReadResourceResult, Tool } from 'rxmcp';

/** The MIME type of an MCP App's HTML (SEP-1865). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

function toolMeta(tool: Tool): McpUiToolMeta | undefined {
  const meta = (tool as { _meta?: Record<string, unknown> })._meta;
  const ui = meta?.['ui'];
  return ui !== null && typeof ui === 'object' ? (ui as McpUiToolMeta) : undefined;
}

/** The `ui://` resource a tool renders its results with (`_meta.ui.resourceUri`, or the older `_meta["ui/resourceUri"]`). */
export function appResourceUri(tool: Tool): string | undefined {
  const meta = (tool as { _meta?: Record<string, unknown> })._meta;
  const uri = toolMeta(tool)?.resourceUri ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call the tool: `model`, `app` (default both). */
export function visibility(tool: Tool): readonly ('model' | 'app')[] {
  const declared = toolMeta(tool)?.visibility;
  return Array.isArray(declared) ? declared : ['model', 'app'];
}

/** An MCP App's HTML and the sandbox it asks for. */
export interface AppResource {
  readonly html: string;
  readonly meta: McpUiResourceMeta;
}

/** The HTML of a read `ui://` resource (text or base64 blob) and its `_meta.ui`; throws when it is not an MCP App. */
export function appResource(result: ReadResourceResult, uri: string): AppResource {
  const content = result.contents.find((entry) => entry.uri === uri) ?? result.contents[0];
  if (content === undefined) throw new Error(`${uri} has no contents`);
  const mime = (content.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
  if (mime !== APP_MIME_TYPE) throw new Error(`${uri} is ${content.mimeType ?? 'untyped'}, not ${APP_MIME_TYPE}`);
  const html = 'text' in content && typeof content.text === 'string' ? content.text : decodeBase64((content as { blob?: string }).blob ?? '');
  const ui = (content as { _meta?: Record<string, unknown> })._meta?.['ui'];
  return { html, meta: ui !== null && typeof ui === 'object' ? (ui as McpUiResourceMeta) : {} };
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The iframe `allow` attribute (Permissions Policy) for the permissions a UI resource declares. */
export function allowAttribute(permissions: McpUiResourceMeta['permissions']): string {
  const features: string[] = [];
  if (permissions?.camera) features.push('camera');
  if (permissions?.microphone) features.push('microphone');
  if (permissions?.geolocation) features.push('geolocation');
  if (permissions?.clipboardWrite) features.push('clipboard-write');
  return features.join('; ');
}
