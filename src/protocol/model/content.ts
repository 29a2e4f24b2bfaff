import type { JsonObject, Meta } from './common.js';
import type { Annotations, Icon } from './metadata.js';

/** Fields every content block may carry (`_meta` from 2025-06-18). */
export interface ContentBase {
  readonly annotations?: Annotations;
  readonly _meta?: Meta;
}

/** Plain text. */
export interface TextContent extends ContentBase {
  readonly type: 'text';
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImageContent extends ContentBase {
  readonly type: 'image';
  readonly data: string;
  readonly mimeType: string;
}

/** Audio, base64-encoded (2025-03-26+). */
export interface AudioContent extends ContentBase {
  readonly type: 'audio';
  readonly data: string;
  readonly mimeType: string;
}

/** The text or blob of one resource (`uri` plus either `text` or base64 `blob`). */
export interface TextResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text: string;
  readonly _meta?: Meta;
}

/** Binary resource contents, base64-encoded. */
export interface BlobResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly blob: string;
  readonly _meta?: Meta;
}

/** The contents of one resource: text or blob. */
export type ResourceContents = TextResourceContents | BlobResourceContents;

/** A resource embedded in a message or tool result. */
export interface EmbeddedResource extends ContentBase {
  readonly type: 'resource';
  readonly resource: ResourceContents;
}

/** A link to a resource the client may read (2025-06-18+); it may not appear in `resources/list`. */
export interface ResourceLink extends ContentBase {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly size?: number;
  readonly icons?: readonly Icon[];
}

/** One block of tool, prompt or sampling content. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** A model's request to call a tool, inside sampling (2025-11-25+). */
export interface ToolUseContent {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: JsonObject;
  readonly _meta?: Meta;
}

/** The outcome of a tool use, inside sampling (2025-11-25+). */
export interface ToolResultContent {
  readonly type: 'tool_result';
  readonly toolUseId: string;
  readonly content: readonly ContentBlock[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: Meta;
}

/** One block of sampling content. */
export type SamplingContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/** Narrows a content block by its `type`. */
export function isContentOfType<T extends ContentBlock['type']>(
  block: ContentBlock,
  type: T,
): block is Extract<ContentBlock, { readonly type: T }> {
  return block.type === type;
}

/** True for resource contents carrying `text`. */
export function isTextResourceContents(contents: ResourceContents): contents is TextResourceContents {
  return typeof (contents as Partial<TextResourceContents>).text === 'string';
}
