// Tool outputs in each provider's message shape. Chat Completions tool messages take text only, so media goes in
// one user message after all the tool messages of the turn; the Responses API and Anthropic take images inside the
// tool result itself. Media a provider cannot take becomes a notice, never base64 text.
import type { ToolOutput, ToolOutputMedia } from './output.js';

/** A content part of an OpenAI Chat Completions user message. */
export type OpenAiChatContentPart =
  | {
      /** A text part. */
      readonly type: 'text';
      /** The text. */
      readonly text: string;
    }
  | {
      /** An image part. */
      readonly type: 'image_url';
      /** The image. */
      readonly image_url: {
        /** A `data:` URL with the image's bytes. */
        readonly url: string;
      };
    }
  | {
      /** An audio part. */
      readonly type: 'input_audio';
      /** The audio. */
      readonly input_audio: {
        /** The audio bytes, base64-encoded. */
        readonly data: string;
        /** The audio format. */
        readonly format: 'wav' | 'mp3';
      };
    };

/** A function call the model made (Chat Completions). */
export interface OpenAiChatToolCall {
  /** The call's id; the `tool` message that answers it names it in `tool_call_id`. */
  readonly id: string;
  /** Always `'function'`. */
  readonly type: 'function';
  /** The function called. */
  readonly function: {
    /** The tool's provider name. */
    readonly name: string;
    /** The arguments as a JSON text, as the model wrote them. */
    readonly arguments: string;
  };
}

/** A message of an OpenAI Chat Completions conversation. */
export type OpenAiChatMessage =
  | {
      /** Instructions for the model. */
      readonly role: 'system' | 'developer';
      /** The instructions. */
      readonly content: string;
    }
  | {
      /** The user speaking (or attachments of tool results). */
      readonly role: 'user';
      /** Text, or text, image and audio parts. */
      readonly content: string | readonly OpenAiChatContentPart[];
    }
  | {
      /** The model's answer. */
      readonly role: 'assistant';
      /** The text the model wrote, `null` when it only called tools. */
      readonly content: string | null;
      /** The tool calls the model made. */
      readonly tool_calls?: readonly OpenAiChatToolCall[];
    }
  | {
      /** The answer to one tool call. */
      readonly role: 'tool';
      /** The `id` of the call it answers. */
      readonly tool_call_id: string;
      /** The tool's output as text. */
      readonly content: string;
    };

/** One finished tool call of a turn. */
export interface ToolOutputEntry {
  /** The provider's id of the call (`tool_call_id`, `call_id`, `tool_use_id`). */
  readonly callId: string;
  /** The name the model called, for the media caption. */
  readonly name?: string;
  /** What the call gave, from `toolOutput`. */
  readonly output: ToolOutput;
}

const ERROR_PREFIX = 'Error: ';
const dataUrl = (part: ToolOutputMedia): string => `data:${part.mimeType};base64,${part.data}`;
const notice = (part: ToolOutputMedia, where: string): string => `[${part.type} (${part.mimeType}) not shown: ${where} does not accept it]`;

function textOf(output: ToolOutput, extra: readonly string[]): string {
  const text = [output.parts.find((part) => part.type === 'text')?.text ?? '', ...extra].filter((line) => line !== '').join('\n');
  return output.isError ? `${ERROR_PREFIX}${text}` : text;
}

const media = (output: ToolOutput): ToolOutputMedia[] => output.parts.filter((part): part is ToolOutputMedia => part.type !== 'text');

function audioFormat(mimeType: string): 'wav' | 'mp3' | undefined {
  if (/^audio\/(wav|x-wav|wave|vnd\.wave)$/.test(mimeType)) return 'wav';
  return /^audio\/(mpeg|mp3)$/.test(mimeType) ? 'mp3' : undefined;
}

function chatPart(part: ToolOutputMedia): OpenAiChatContentPart | undefined {
  if (part.type === 'image') return { type: 'image_url', image_url: { url: dataUrl(part) } };
  const format = audioFormat(part.mimeType);
  return format === undefined ? undefined : { type: 'input_audio', input_audio: { data: part.data, format } };
}

/**
 * The messages that answer one assistant turn's tool calls in Chat Completions: a `tool` message per call (text;
 * errors prefixed `Error: `), then, when any call returned images or audio, one `user` message carrying them as
 * image and audio parts (tool messages take text only, and every tool message must come before it).
 */
export function toOpenAiChatToolMessages(entries: readonly ToolOutputEntry[]): OpenAiChatMessage[] {
  const attachments: OpenAiChatContentPart[] = [];
  const messages: OpenAiChatMessage[] = entries.map((entry) => {
    const notes: string[] = [];
    const parts = media(entry.output).flatMap((part) => {
      const converted = chatPart(part);
      if (converted === undefined) notes.push(notice(part, 'this model API'));
      return converted === undefined ? [] : [converted];
    });
    if (parts.length > 0) {
      notes.push(`[${parts.length} attachment(s) follow in the next message]`);
      attachments.push({ type: 'text', text: `Attachments returned by tool call ${entry.callId}${entry.name === undefined ? '' : ` (${entry.name})`}:` }, ...parts);
    }
    return { role: 'tool', tool_call_id: entry.callId, content: textOf(entry.output, notes) };
  });
  return attachments.length === 0 ? messages : [...messages, { role: 'user', content: attachments }];
}

/** A content item of an OpenAI Responses `function_call_output`. */
export type OpenAiResponsesOutputPart =
  | {
      /** A text item. */
      readonly type: 'input_text';
      /** The text. */
      readonly text: string;
    }
  | {
      /** An image item. */
      readonly type: 'input_image';
      /** A `data:` URL with the image's bytes. */
      readonly image_url: string;
    };

/** An OpenAI Responses API input item answering a function call. */
export interface OpenAiResponsesToolOutput {
  /** Always `'function_call_output'`. */
  readonly type: 'function_call_output';
  /** The `call_id` of the function call it answers. */
  readonly call_id: string;
  /** The tool's output: text, or text and image items. */
  readonly output: string | readonly OpenAiResponsesOutputPart[];
}

/** One tool output as a Responses API `function_call_output`: text, and images as `input_image` items. */
export function toOpenAiResponsesToolOutput(entry: ToolOutputEntry): OpenAiResponsesToolOutput {
  const notes = media(entry.output).filter((part) => part.type === 'audio').map((part) => notice(part, 'the Responses API'));
  const images = media(entry.output).filter((part) => part.type === 'image');
  const text = textOf(entry.output, notes);
  if (images.length === 0) return { type: 'function_call_output', call_id: entry.callId, output: text };
  const items = images.map((part): OpenAiResponsesOutputPart => ({ type: 'input_image', image_url: dataUrl(part) }));
  return { type: 'function_call_output', call_id: entry.callId, output: [...(text === '' ? [] : [{ type: 'input_text' as const, text }]), ...items] };
}

/** A content block of an Anthropic `tool_result`. */
export type AnthropicToolResultPart =
  | {
      /** A text block. */
      readonly type: 'text';
      /** The text. */
      readonly text: string;
    }
  | {
      /** An image block. */
      readonly type: 'image';
      /** The image. */
      readonly source: {
        /** Always `'base64'`. */
        readonly type: 'base64';
        /** The image's media type: JPEG, PNG, GIF or WebP. */
        readonly media_type: string;
        /** The image bytes, base64-encoded. */
        readonly data: string;
      };
    };

/** An Anthropic `tool_result` content block (goes in a `user` message). */
export interface AnthropicToolResult {
  /** Always `'tool_result'`. */
  readonly type: 'tool_result';
  /** The `id` of the `tool_use` block it answers. */
  readonly tool_use_id: string;
  /** The tool's output: text and image blocks. */
  readonly content: readonly AnthropicToolResultPart[];
  /** Set when the tool failed. */
  readonly is_error?: true;
}

const ANTHROPIC_IMAGES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** One tool output as an Anthropic `tool_result`: text and image blocks, `is_error` for errors. */
export function toAnthropicToolResult(entry: ToolOutputEntry): AnthropicToolResult {
  const all = media(entry.output);
  const images = all.filter((part) => part.type === 'image' && ANTHROPIC_IMAGES.includes(part.mimeType));
  const notes = all.filter((part) => !images.includes(part)).map((part) => notice(part, 'the Messages API'));
  const text = [entry.output.parts.find((part) => part.type === 'text')?.text ?? '', ...notes].filter((line) => line !== '').join('\n');
  const content: AnthropicToolResultPart[] = [
    ...(text === '' ? [] : [{ type: 'text' as const, text }]),
    ...images.map((part): AnthropicToolResultPart => ({ type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } })),
  ];
  return { type: 'tool_result', tool_use_id: entry.callId, content, ...(entry.output.isError ? { is_error: true as const } : {}) };
}
