// What a tool call gives the model, before any provider's shape: text joined (structured content as JSON, resource
// links as text), images and audio as media parts, execution errors and protocol errors both as error output, and
// a size cap with head/tail truncation. Media is never turned into base64 text.
import { RpcError } from '../errors/errors.js';
import type { ContentBlock, EmbeddedResource, ResourceLink } from '../protocol/model/content.js';
import type { CallToolResult } from '../protocol/model/tools.js';
import { isToolCallDenied } from './source.js';

/** Text for the model. */
export interface ToolOutputText {
  /** Always `'text'`. */
  readonly type: 'text';
  /** The text: the tool's text blocks, its structured result as JSON, notices of what was cut. */
  readonly text: string;
}

/** An image or audio clip, base64-encoded. */
export interface ToolOutputMedia {
  /** An image or an audio clip. */
  readonly type: 'image' | 'audio';
  /** The media type, e.g. `image/png`. */
  readonly mimeType: string;
  /** The bytes, base64-encoded. */
  readonly data: string;
}

/** A tool call's outcome, ready to be put in a provider's message. */
export interface ToolOutput {
  /** The tool reported an error (`isError`), the call failed, or it was denied. */
  readonly isError: boolean;
  /** At most one text part (first), then media parts in the order the result had them. */
  readonly parts: readonly (ToolOutputText | ToolOutputMedia)[];
  /** The text was cut to fit `maxTextChars`. */
  readonly truncated: boolean;
}

/** A tool call that did not produce a result: the server answered an error, the call timed out, or was denied. */
export interface ToolCallFailure {
  /** Why the call failed. */
  readonly error: unknown;
  /** The approval step refused the call (also recognised from a `ToolCallDeniedError`). */
  readonly denied?: boolean;
}

/** The parts of a `CallToolResult` (or a sampling `tool_result`) that reach the model. */
export type ToolResultLike = Pick<CallToolResult, 'content' | 'structuredContent' | 'isError'>;

/** Default most characters of text per tool result. */
export const DEFAULT_MAX_TOOL_TEXT_CHARS = 20_000;
/** Default most bytes of media per tool result (decoded size). */
export const DEFAULT_MAX_TOOL_MEDIA_BYTES = 5 * 1024 * 1024;

/** Options of {@link toolOutput}. */
export interface ToolOutputOptions {
  /** Most characters of text (default 20 000); longer text keeps its head and tail with a notice between. */
  readonly maxTextChars?: number;
  /** Most bytes of media (default 5 MiB); media past it is replaced by a notice. */
  readonly maxMediaBytes?: number;
}

/** The text a model reads for a denied or failed call. */
export function failureText(error: unknown, denied = false): string {
  if (denied || isToolCallDenied(error)) return 'The user denied this tool call; it was not run.';
  const message = error instanceof Error ? error.message : String(error);
  const code = RpcError.is(error) ? ` (error ${(error as RpcError).rpcCode})` : '';
  return `The tool call failed${code}: ${message}`;
}

const decodedBytes = (base64: string): number => Math.floor((base64.length * 3) / 4);

function linkText(link: ResourceLink): string {
  const mime = link.mimeType === undefined ? '' : ` (${link.mimeType})`;
  const about = link.description === undefined ? '' : `: ${link.description}`;
  return `Resource link: ${link.title ?? link.name} <${link.uri}>${mime}${about}`;
}

function embedded(block: EmbeddedResource): ToolOutputText | ToolOutputMedia {
  const { resource } = block;
  const mime = resource.mimeType ?? 'application/octet-stream';
  if ('text' in resource) return { type: 'text', text: `Resource ${resource.uri} (${mime}):\n${resource.text}` };
  if (mime.startsWith('image/') || mime.startsWith('audio/')) return { type: mime.startsWith('image/') ? 'image' : 'audio', mimeType: mime, data: resource.blob };
  return { type: 'text', text: `[Resource ${resource.uri} (${mime}, ${decodedBytes(resource.blob)} bytes): binary, not shown]` };
}

function partOf(block: ContentBlock): ToolOutputText | ToolOutputMedia {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return { type: block.type, mimeType: block.mimeType, data: block.data };
    case 'resource_link':
      return { type: 'text', text: linkText(block) };
    default:
      return embedded(block);
  }
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** `text` cut to `max` characters: its head and tail, and a notice of what was left out between them. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  return `${text.slice(0, head)}\n\n[… ${text.length - max} of ${text.length} characters left out …]\n\n${text.slice(text.length - tail)}`;
}

/** Keeps media within the byte budget; what does not fit becomes a notice. */
function budgeted(media: ToolOutputMedia[], maxBytes: number): { kept: ToolOutputMedia[]; notices: string[] } {
  let used = 0;
  const kept: ToolOutputMedia[] = [];
  const notices: string[] = [];
  for (const part of media) {
    const bytes = decodedBytes(part.data);
    if (used + bytes > maxBytes) notices.push(`[${part.type} (${part.mimeType}, ${bytes} bytes) left out: over the ${maxBytes}-byte limit]`);
    else (used += bytes, kept.push(part));
  }
  return { kept, notices };
}

/**
 * Maps a `CallToolResult`, or a failed call, to what the model gets: the text parts joined, `structuredContent` as
 * JSON (unless a text block already carries the same JSON), resource links and text resources as text, images and
 * audio as media parts; `isError` results and failures (an RPC error, a timeout, a denied call) as error output.
 */
export function toolOutput(outcome: ToolResultLike | ToolCallFailure, options: ToolOutputOptions = {}): ToolOutput {
  if (!('content' in outcome)) return { isError: true, parts: [{ type: 'text', text: failureText(outcome.error, outcome.denied) }], truncated: false };
  const parts = (Array.isArray(outcome.content) ? outcome.content : []).map(partOf);
  const texts = parts.filter((part): part is ToolOutputText => part.type === 'text').map((part) => part.text);
  const structured = outcome.structuredContent;
  if (structured !== undefined && !texts.some((text) => sameJson(text, structured))) texts.push(JSON.stringify(structured));
  const media = budgeted(parts.filter((part): part is ToolOutputMedia => part.type !== 'text'), options.maxMediaBytes ?? DEFAULT_MAX_TOOL_MEDIA_BYTES);
  const joined = [...texts, ...media.notices].join('\n');
  const max = options.maxTextChars ?? DEFAULT_MAX_TOOL_TEXT_CHARS;
  const text = joined === '' && media.kept.length === 0 ? '(no output)' : truncateMiddle(joined, max);
  const head: ToolOutputText[] = text === '' ? [] : [{ type: 'text', text }];
  return { isError: outcome.isError === true, parts: [...head, ...media.kept], truncated: joined.length > max };
}
