import type { OperatorFunction } from 'rxjs';
import { toolDisplayName } from '../protocol/model/tools.js';
import { advertiseTools, type AdvertisedTool, type AdvertisedTools, type ToolAdapterOptions, type ToolList } from './advertise.js';

/** An OpenAI Chat Completions tool. */
export interface OpenAiChatTool {
  /** Always `'function'`. */
  readonly type: 'function';
  /** The function the model may call. */
  readonly function: {
    /** The provider name: the MCP name, sanitised and made unique. */
    readonly name: string;
    /** The tool's description (else its title), for the model. */
    readonly description?: string;
    /** The input schema, normalised for the provider. */
    readonly parameters: Readonly<Record<string, unknown>>;
    /** Whether the provider enforces the schema (strict mode); only when the schema allows it. */
    readonly strict: boolean;
  };
}

/** An OpenAI Responses API function tool. */
export interface OpenAiResponsesTool {
  /** Always `'function'`. */
  readonly type: 'function';
  /** The provider name: the MCP name, sanitised and made unique. */
  readonly name: string;
  /** The tool's description (else its title), for the model. */
  readonly description?: string;
  /** The input schema, normalised for the provider. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Whether the provider enforces the schema (strict mode); only when the schema allows it. */
  readonly strict: boolean;
}

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  /** The provider name: the MCP name, sanitised and made unique. */
  readonly name: string;
  /** The tool's description (else its title), for the model. */
  readonly description?: string;
  /** The input schema, normalised for the provider. */
  readonly input_schema: Readonly<Record<string, unknown>>;
}

/** The description a model reads: the tool's description, else its title (none when neither exists). */
export function describedAs(entry: AdvertisedTool): { readonly description?: string } {
  const text = entry.tool.description ?? (toolDisplayName(entry.tool) !== entry.tool.name ? toolDisplayName(entry.tool) : undefined);
  return text === undefined || text === '' ? {} : { description: text };
}

/** One advertised tool as an OpenAI Chat Completions tool. */
export function openAiChatTool(entry: AdvertisedTool): OpenAiChatTool {
  return { type: 'function', function: { name: entry.name, ...describedAs(entry), parameters: entry.schema.schema, strict: entry.strict } };
}

/** One advertised tool as an OpenAI Responses function tool. */
export function openAiResponsesTool(entry: AdvertisedTool): OpenAiResponsesTool {
  return { type: 'function', name: entry.name, ...describedAs(entry), parameters: entry.schema.schema, strict: entry.strict };
}

/** One advertised tool as an Anthropic tool. */
export function anthropicTool(entry: AdvertisedTool): AnthropicTool {
  return { name: entry.name, ...describedAs(entry), input_schema: entry.schema.schema };
}

/**
 * Turns a live tool list into OpenAI Chat Completions tools (`{ type: "function", function: { name, description,
 * parameters, strict } }`), re-emitting on every change: provider-safe names with a reverse map (`byName`), schemas
 * normalised, `strict` only where the schema meets strict mode, a cap (128) and a filter.
 *
 * **Temperature:** as the source (`client.tools$` is hot and replays). **Emits:** a tool set per tool list and per
 * change of the hints. **Completes:** with the source. **Errors:** when the source or the hints error.
 * **Teardown:** unsubscribes both.
 * @example
 * ```ts
 * import { toOpenAiChatTools } from 'rxmcp/agent';
 *
 * client.tools$.pipe(toOpenAiChatTools()).subscribe(({ definitions, byName }) => {
 *   console.log(definitions.map((definition) => definition.function.name), byName.size);
 * });
 * ```
 */
export function toOpenAiChatTools(options: ToolAdapterOptions = {}): OperatorFunction<ToolList, AdvertisedTools<OpenAiChatTool>> {
  return advertiseTools(openAiChatTool, options);
}

/**
 * Turns a live tool list into OpenAI Responses API tools (`{ type: "function", name, description, parameters,
 * strict }`); otherwise as {@link toOpenAiChatTools}.
 *
 * **Temperature:** as the source. **Emits:** a tool set per tool list and per change of the hints.
 * **Completes:** with the source. **Errors:** when the source or the hints error. **Teardown:** unsubscribes both.
 */
export function toOpenAiResponsesTools(options: ToolAdapterOptions = {}): OperatorFunction<ToolList, AdvertisedTools<OpenAiResponsesTool>> {
  return advertiseTools(openAiResponsesTool, options);
}

/**
 * Turns a live tool list into Anthropic Messages API tools (`{ name, description, input_schema }`); otherwise as
 * {@link toOpenAiChatTools} (Anthropic has no `strict` flag here).
 *
 * **Temperature:** as the source. **Emits:** a tool set per tool list and per change of the hints.
 * **Completes:** with the source. **Errors:** when the source or the hints error. **Teardown:** unsubscribes both.
 */
export function toAnthropicTools(options: ToolAdapterOptions = {}): OperatorFunction<ToolList, AdvertisedTools<AnthropicTool>> {
  return advertiseTools(anthropicTool, options);
}
