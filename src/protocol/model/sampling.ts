import type { JsonObject, Meta, RequestParamsBase, Role } from './common.js';
import type { SamplingContentBlock } from './content.js';
import type { TaskMetadata, Tool } from './tool-definition.js';

/** A hint naming a model family (matched as a substring, in order). */
export interface ModelHint {
  /** A model name or part of one, e.g. `claude-3-5-sonnet` or `sonnet`. */
  readonly name?: string;
}

/** Advisory model-selection preferences; priorities are 0..1. */
export interface ModelPreferences {
  /** Model names to prefer, in order; the client may map them to models it has. */
  readonly hints?: readonly ModelHint[];
  /** How much low cost matters, 0 to 1. */
  readonly costPriority?: number;
  /** How much low latency matters, 0 to 1. */
  readonly speedPriority?: number;
  /** How much capability matters, 0 to 1. */
  readonly intelligencePriority?: number;
}

/** How the model may use the offered tools (2025-11-25+). */
export interface ToolChoice {
  /** `auto` (the model decides, the default), `required` (it must call a tool) or `none` (it must not). */
  readonly mode?: 'auto' | 'required' | 'none';
}

/** One message of a sampling conversation (content arrays and tool blocks from 2025-11-25). */
export interface SamplingMessage {
  /** Who says it. */
  readonly role: Role;
  /** What is said: one block, or several (2025-11-25+). */
  readonly content: SamplingContentBlock | readonly SamplingContentBlock[];
  /** The message's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}

/**
 * Params of `sampling/createMessage` (a server→client request in the legacy era, an input request in
 * 2026-07-28). `tools`/`toolChoice` from 2025-11-25; `task` 2025-11-25 only.
 */
export interface CreateMessageRequestParams extends RequestParamsBase {
  /** The conversation so far. */
  readonly messages: readonly SamplingMessage[];
  /** The most tokens the answer may have. */
  readonly maxTokens: number;
  /** Which model the server would like; advisory. */
  readonly modelPreferences?: ModelPreferences;
  /** The system prompt the server asks for; the client may change or drop it. */
  readonly systemPrompt?: string;
  /** Context from MCP servers to add; anything but `none` needs the client's `sampling.context` capability. */
  readonly includeContext?: 'none' | 'thisServer' | 'allServers';
  /** The sampling temperature the server asks for. */
  readonly temperature?: number;
  /** Sequences that end the answer. */
  readonly stopSequences?: readonly string[];
  /** Provider-specific metadata to pass to the model. */
  readonly metadata?: JsonObject;
  /** Tools the model may call (2025-11-25+; needs the client's `sampling.tools` capability). */
  readonly tools?: readonly Tool[];
  /** How the model may use `tools` (2025-11-25+). */
  readonly toolChoice?: ToolChoice;
  /** 2025-11-25: run the request as a task. */
  readonly task?: TaskMetadata;
}

/**
 * What the client answers to `sampling/createMessage`. Audio from 2025-03-26; tool blocks and content
 * arrays from 2025-11-25. Standard `stopReason` values: `endTurn`, `stopSequence`, `maxTokens`, `toolUse`.
 */
export interface CreateMessageResult {
  /** Who says it: normally `assistant`. */
  readonly role: Role;
  /** The model's answer: one block, or several (2025-11-25+). */
  readonly content: SamplingContentBlock | readonly SamplingContentBlock[];
  /** The model that answered. */
  readonly model: string;
  /** Why the model stopped: `endTurn`, `stopSequence`, `maxTokens`, `toolUse` or another value. */
  readonly stopReason?: string;
  /** The result's metadata. */
  readonly _meta?: Meta;
}
