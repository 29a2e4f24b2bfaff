// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * Between MCP tools and a model: live tool lists in the formats of model providers (OpenAI Chat and Responses,
 * Anthropic) under names they accept, tool results as model input, tool hints and approval, sampling answered by an
 * OpenAI-compatible endpoint, and {@link agentLoop}. Works over any {@link ToolSource}: a client or a client group.
 * The Vercel AI SDK tool set is in `rxmcp/ai`.
 *
 * @packageDocumentation
 * @module rxmcp/agent
 */

// The loop: any provider API, streaming
export { runAgent } from './loop/run.js';
export type { RunAgentOptions, AgentRunEvent, AgentToolOutcome, AgentTurnFields, AgentCallFields } from './loop/events.js';
export { openAiChatModel } from './providers/openai-chat.js';
export type { OpenAiChatModelOptions, OpenAiChatClient } from './providers/openai-chat.js';
export { openAiResponsesModel } from './providers/openai-responses.js';
export type { OpenAiResponsesModelOptions, OpenAiResponsesClient, OpenAiResponsesItem } from './providers/openai-responses.js';
export { anthropicModel } from './providers/anthropic.js';
export type { AnthropicModelOptions, AnthropicClient, AnthropicMessage } from './providers/anthropic.js';
export type {
  ModelProvider, ModelProviderOptions, ModelApi, ModelRequest, ModelTurnEvent, ModelReply, ModelToolCall, ModelStopReason, ModelUsage,
} from './providers/types.js';
export type { SdkCreate } from './providers/wire.js';
// The Chat Completions loop without streaming
export { agentLoop } from './loop.js';
export type { AgentLoopOptions, AgentEvent, ToolCallOutcome } from './loop.js';

// Tool sources, hints and approval
export type {
  ToolSource, ToolListState, ToolHints, ToolHintsMap, ToolHintsInput, ToolCallRequest, ToolCallApproval,
} from './source.js';
export { isToolCallDenied } from './source.js';
export { DEFAULT_TOOL_HINTS, hintsOf } from '../client/tool-hints.js';

// Tools pinned by fingerprint: drift of the live catalog, and the gate before every call
export { toolPinning } from '../client/pinning/pinning.js';
export type { ToolPinning, ToolPinningOptions, DriftGate, GatedCall } from '../client/pinning/pinning.js';
export type { DriftGateClient, DriftGateDeps, DriftGateOptions, DriftGateTools, DriftWaitClock, DriftWaitScope } from '../client/pinning/gate-host.js';
export { toolDrift$ } from '../client/pinning/drift-stream.js';
export type { DriftSource, ToolDriftOptions } from '../client/pinning/drift-stream.js';
export { toolFingerprint, pinTools, PINNED_FIELDS } from '../client/pinning/fingerprint.js';
export type { ToolPin, ToolPins, PinnedField } from '../client/pinning/fingerprint.js';
export { diffToolPins, describeDrift } from '../client/pinning/diff.js';
export type { ToolDrift } from '../client/pinning/diff.js';
export { memoryPinStore } from '../client/pinning/store.js';
export type { PinStore } from '../client/pinning/store.js';
export { ToolDriftError } from '../errors/drift-error.js';
export type { AnnotationChange } from '../errors/drift-error.js';

// Skills (io.modelcontextprotocol/skills): a skill's files read on demand and verified against its entry
export { readSkillFile } from './skills.js';
export type { SkillFileSource, SkillFileOptions } from './skills.js';
export { verifySkillFile } from '../protocol/ext-skills/verify.js';
export type { VerifiedSkillFile, VerifySkillFileOptions } from '../protocol/ext-skills/verify.js';
export { SkillVerificationError } from '../errors/skill-errors.js';
export type { SkillCheck, SkillVerificationErrorOptions } from '../errors/skill-errors.js';

// Durable task handles: a running task as plain JSON, picked up again in this or another process
export { taskReference, parseTaskReference, TASK_REFERENCE_FORMAT } from '../client/tasks/reference.js';
export type { TaskReference, TaskServer, TaskReferenceSource } from '../client/tasks/reference.js';
export { resumeTask } from '../client/tasks/resume.js';
export type { ResumeTaskOptions, TaskResumeClient } from '../client/tasks/resume.js';
export { taskSession } from '../client/tasks/session-join.js';
export type { TaskSession } from '../client/tasks/session-join.js';
export { TaskReferenceError, TaskNotFoundError } from '../errors/task-reference-errors.js';
export type { TaskReferenceFailure, TaskReferenceErrorOptions, TaskNotFoundErrorOptions } from '../errors/task-reference-errors.js';

// Tools for a model
export { advertiseTools, describeTools, DEFAULT_MAX_TOOLS } from './advertise.js';
export type {
  ToolList, ToolNameFilter, ToolFilter, AgentDiagnostic, ToolAdapterOptions, AdvertisedTool, AdvertisedTools,
} from './advertise.js';
export {
  toOpenAiChatTools, toOpenAiResponsesTools, toAnthropicTools, openAiChatTool, openAiResponsesTool, anthropicTool,
} from './tool-formats.js';
export type { OpenAiChatTool, OpenAiResponsesTool, AnthropicTool } from './tool-formats.js';
export {
  assignToolNames, sanitizeToolName, qualifiedToolName, PROVIDER_TOOL_NAME, DEFAULT_MAX_TOOL_NAME_LENGTH, DEFAULT_TOOL_NAME_SEPARATOR,
} from './names.js';
export type { ToolKey, ToolNameOptions, ToolNames } from './names.js';
export { normalizeInputSchema } from './schema.js';
export type { NormalizedSchema, SchemaOptions } from './schema.js';

// Tool results for a model
export { toolOutput, DEFAULT_MAX_TOOL_TEXT_CHARS, DEFAULT_MAX_TOOL_MEDIA_BYTES } from './output.js';
export type { ToolOutput, ToolOutputText, ToolOutputMedia, ToolOutputOptions, ToolCallFailure, ToolResultLike } from './output.js';
export { toOpenAiChatToolMessages, toOpenAiResponsesToolOutput, toAnthropicToolResult } from './results.js';
export type {
  OpenAiChatMessage, OpenAiChatContentPart, OpenAiChatToolCall, ToolOutputEntry, OpenAiResponsesToolOutput,
  OpenAiResponsesOutputPart, AnthropicToolResult, AnthropicToolResultPart,
} from './results.js';

// Sampling through a model endpoint
export { chatCompletion } from './openai-chat.js';
export type {
  OpenAiEndpoint, ChatCompletionRequest, ChatCompletion, ChatCompletionChoice, ChatCompletionMessage, ChatCompletionToolCall,
} from './openai-chat.js';
export { ModelEndpointError } from './errors.js';
export type { ModelEndpointErrorOptions } from './errors.js';
export { openAiSampling, SAMPLING_REJECTED_CODE } from './sampling.js';
export { anthropicSampling } from './providers/anthropic-sampling.js';
export type { AnthropicSamplingOptions } from './providers/anthropic-sampling.js';
export type { OpenAiSamplingOptions, SamplingApprovalContext } from './sampling.js';
