import type { JsonObject, Meta } from './common.js';
import type { Annotations, Icon } from './metadata.js';

/** Fields every content block may carry (`_meta` from 2025-06-18). */
export interface ContentBase {
  /** Who the block is for, how important it is, when it last changed. */
  readonly annotations?: Annotations;
  /** The block's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** Plain text. */
export interface TextContent extends ContentBase {
  /** Always `'text'`. */
  readonly type: 'text';
  /** The text. */
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImageContent extends ContentBase {
  /** Always `'image'`. */
  readonly type: 'image';
  /** The image bytes, base64-encoded. */
  readonly data: string;
  /** The image's media type, e.g. `image/png`. */
  readonly mimeType: string;
}

/** Audio, base64-encoded (2025-03-26+). */
export interface AudioContent extends ContentBase {
  /** Always `'audio'`. */
  readonly type: 'audio';
  /** The audio bytes, base64-encoded. */
  readonly data: string;
  /** The audio's media type, e.g. `audio/wav`. */
  readonly mimeType: string;
}

/** The text or blob of one resource (`uri` plus either `text` or base64 `blob`). */
export interface TextResourceContents {
  /** The resource's URI. */
  readonly uri: string;
  /** The media type, when the server says. */
  readonly mimeType?: string;
  /** The resource's text. */
  readonly text: string;
  /** The contents' metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** Binary resource contents, base64-encoded. */
export interface BlobResourceContents {
  /** The resource's URI. */
  readonly uri: string;
  /** The media type, when the server says. */
  readonly mimeType?: string;
  /** The resource's bytes, base64-encoded. */
  readonly blob: string;
  /** The contents' metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** The contents of one resource: text or blob. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/** A resource embedded in a message or tool result. */
export interface EmbeddedResource extends ContentBase {
  /** Always `'resource'`. */
  readonly type: 'resource';
  /** The resource's contents, inline. */
  readonly resource: ResourceContents;
}

/** A link to a resource the client may read (2025-06-18+); it may not appear in `resources/list`. */
export interface ResourceLink extends ContentBase {
  /** Always `'resource_link'`. */
  readonly type: 'resource_link';
  /** The resource to read (`resources/read`). */
  readonly uri: string;
  /** The resource's programmatic name. */
  readonly name: string;
  /** A name for people. */
  readonly title?: string;
  /** What the resource is. */
  readonly description?: string;
  /** The media type, when the server knows it. */
  readonly mimeType?: string;
  /** The size in bytes, when the server knows it. */
  readonly size?: number;
  /** Icons to show for it (2025-11-25+). */
  readonly icons?: readonly Icon[];
}

/** One block of tool, prompt or sampling content. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** A model's request to call a tool, inside sampling (2025-11-25+). */
export interface ToolUseContent {
  /** Always `'tool_use'`. */
  readonly type: 'tool_use';
  /** The id of this tool use; the `tool_result` that answers it names it in `toolUseId`. */
  readonly id: string;
  /** The tool to call (a name from the sampling request's `tools`). */
  readonly name: string;
  /** The arguments, by the tool's input schema. */
  readonly input: JsonObject;
  /** The block's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** The outcome of a tool use, inside sampling (2025-11-25+). */
export interface ToolResultContent {
  /** Always `'tool_result'`. */
  readonly type: 'tool_result';
  /** The `id` of the `tool_use` this answers. */
  readonly toolUseId: string;
  /** What the tool returned. */
  readonly content: readonly ContentBlock[];
  /** The tool's structured result, when it has an output schema. */
  readonly structuredContent?: unknown;
  /** `true` when the tool failed. */
  readonly isError?: boolean;
  /** The block's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/** One block of sampling content. */
export type SamplingContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/** Narrows a content block by its `type`. */
export function isContentOfType<T extends ContentBlock['type']>(
  block: ContentBlock,
  type: T,
): block is Extract<ContentBlock, {
  /** The block type asked for. */
  readonly type: T;
}> {
  return block.type === type;
}

/** True for resource contents carrying `text`. */
export function isTextResourceContents(contents: ResourceContents): contents is TextResourceContents {
  return typeof (contents as Partial<TextResourceContents>).text === 'string';
}
