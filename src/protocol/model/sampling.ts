import type { JsonObject, Meta, RequestParamsBase, Role } from './common.js';
import type { SamplingContentBlock } from './content.js';
import type { TaskMetadata, Tool } from './tool-definition.js';

/** A hint naming a model family (matched as a substring, in order). */
export interface ModelHint {
  readonly name?: string;
}

/** Advisory model-selection preferences; priorities are 0..1. */
export interface ModelPreferences {
  readonly hints?: readonly ModelHint[];
  readonly costPriority?: number;
  readonly speedPriority?: number;
  readonly intelligencePriority?: number;
}

/** How the model may use the offered tools (2025-11-25+). */
export interface ToolChoice {
  readonly mode?: 'auto' | 'required' | 'none';
}

/** One message of a sampling conversation (content arrays and tool blocks from 2025-11-25). */
export interface SamplingMessage {
  readonly role: Role;
  readonly content: SamplingContentBlock | readonly SamplingContentBlock[];
  readonly _meta?: Meta;
}

/**
 * Params of `sampling/createMessage` (a server→client request in the legacy era, an input request in
 * 2026-07-28). `tools`/`toolChoice` from 2025-11-25; `task` 2025-11-25 only.
 */
export interface CreateMessageRequestParams extends RequestParamsBase {
  readonly messages: readonly SamplingMessage[];
  readonly maxTokens: number;
  readonly modelPreferences?: ModelPreferences;
  readonly systemPrompt?: string;
  readonly includeContext?: 'none' | 'thisServer' | 'allServers';
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly metadata?: JsonObject;
  readonly tools?: readonly Tool[];
  readonly toolChoice?: ToolChoice;
  readonly task?: TaskMetadata;
}

/**
 * What the client answers to `sampling/createMessage`. Audio from 2025-03-26; tool blocks and content
 * arrays from 2025-11-25. Standard `stopReason` values: `endTurn`, `stopSequence`, `maxTokens`, `toolUse`.
 */
export interface CreateMessageResult {
  readonly role: Role;
  readonly content: SamplingContentBlock | readonly SamplingContentBlock[];
  readonly model: string;
  readonly stopReason?: string;
  readonly _meta?: Meta;
}
