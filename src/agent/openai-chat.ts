// One Chat Completions request to an OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp, Ollama, LM Studio, ...),
// as a cold Observable: subscribing sends it, unsubscribing aborts the HTTP request.
import { Observable } from 'rxjs';
import * as z from 'zod/mini';
import { resolveFetch, type FetchLike } from '../transport/internal/fetch.js';
import { ModelEndpointError } from './errors.js';
import type { OpenAiChatMessage } from './results.js';
import type { OpenAiChatTool } from './tool-formats.js';

/** Where a model is: an OpenAI-compatible base URL (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`). */
export interface OpenAiEndpoint {
  /** The base URL; requests go to `{baseUrl}/chat/completions`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  readonly apiKey?: string;
  /** Extra request headers (organisation, project, ...). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Default: the platform `fetch`, else cross-fetch. */
  readonly fetch?: FetchLike;
}

/** The body of a Chat Completions request (the members rxmcp sets; anything else passes through). */
export interface ChatCompletionRequest {
  /** The model name. */
  readonly model: string;
  /** The conversation. */
  readonly messages: readonly OpenAiChatMessage[];
  /** The tools the model may call. */
  readonly tools?: readonly OpenAiChatTool[];
  /** Whether the model may (`auto`), must (`required`) or must not (`none`) call tools. */
  readonly tool_choice?: 'auto' | 'required' | 'none';
  /** The most tokens the answer may have (older endpoints). */
  readonly max_tokens?: number;
  /** The most tokens the answer may have. */
  readonly max_completion_tokens?: number;
  /** The sampling temperature. */
  readonly temperature?: number;
  /** Sequences that end the answer. */
  readonly stop?: readonly string[];
  /** Other members, sent as given. */
  readonly [member: string]: unknown;
}

function buildSchema() {
  const ToolCall = z.looseObject({
    id: z.string(),
    type: z.optional(z.string()),
    function: z.looseObject({ name: z.string(), arguments: z.optional(z.string()) }),
  });
  const Message = z.looseObject({
    role: z.optional(z.string()),
    content: z.optional(z.nullable(z.string())),
    tool_calls: z.optional(z.nullable(z.array(ToolCall))),
  });
  return z.looseObject({
    id: z.optional(z.string()),
    model: z.optional(z.string()),
    choices: z.array(z.looseObject({ message: Message, finish_reason: z.optional(z.nullable(z.string())) })).check(z.minLength(1)),
  });
}

let schema: ReturnType<typeof buildSchema> | undefined;

/** A tool call the model asks for, in a Chat Completions message. */
export interface ChatCompletionToolCall {
  /** The call's id, which the tool message that answers it repeats. */
  id: string;
  /** `'function'` when present. */
  type?: string;
  /** The function to call and its arguments. */
  function: {
    /** The tool's provider name. */
    name: string;
    /** The arguments as a JSON text, as the model wrote them. */
    arguments?: string;
    /** Members rxmcp does not read. */
    [member: string]: unknown;
  };
  /** Members rxmcp does not read. */
  [member: string]: unknown;
}

/** The message of a Chat Completions choice. */
export interface ChatCompletionMessage {
  /** `'assistant'` when present. */
  role?: string;
  /** The text the model wrote, if any. */
  content?: string | null;
  /** The tool calls the model asks for, if any. */
  tool_calls?: ChatCompletionToolCall[] | null;
  /** Members rxmcp does not read. */
  [member: string]: unknown;
}

/** One choice of a Chat Completions response. */
export interface ChatCompletionChoice {
  /** What the model answered. */
  message: ChatCompletionMessage;
  /** Why the model stopped: `'stop'`, `'tool_calls'`, `'length'`… */
  finish_reason?: string | null;
  /** Members rxmcp does not read. */
  [member: string]: unknown;
}

/** A decoded Chat Completions response (the members rxmcp reads; the others are kept as they came). */
export interface ChatCompletion {
  /** The completion's id, when the endpoint gives one. */
  id?: string;
  /** The model that answered, when the endpoint says. */
  model?: string;
  /** The choices; there is always at least one. */
  choices: ChatCompletionChoice[];
  /** Members rxmcp does not read. */
  [member: string]: unknown;
}

// The schema's decoded type and the declared one must stay the same shape: a compile error here says they drifted.
type Decoded = z.infer<ReturnType<typeof buildSchema>>;
type Holds<T extends true> = T;
type SameShape = Holds<[Decoded, ChatCompletion] extends [ChatCompletion, Decoded] ? true : false>;

async function failure(response: Response): Promise<ModelEndpointError> {
  const text = await response.text().catch(() => '');
  let detail = text.slice(0, 500);
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') detail = message;
  } catch {
    // not JSON: keep the text
  }
  return new ModelEndpointError(`The model endpoint answered HTTP ${response.status}${detail === '' ? '' : `: ${detail}`}`, { status: response.status });
}

async function send(endpoint: OpenAiEndpoint, body: ChatCompletionRequest, signal: AbortSignal): Promise<ChatCompletion> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...endpoint.headers };
  if (endpoint.apiKey !== undefined && endpoint.apiKey !== '') headers['authorization'] = `Bearer ${endpoint.apiKey}`;
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await resolveFetch(endpoint.fetch)(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ModelEndpointError(`The model endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw await failure(response);
  const json: unknown = await response.json().catch((error: unknown) => {
    throw new ModelEndpointError('The model endpoint answered something that is not JSON', { status: response.status, cause: error });
  });
  const parsed = (schema ??= buildSchema()).safeParse(json);
  if (!parsed.success) throw new ModelEndpointError('The model endpoint answered something that is not a chat completion', { status: response.status, cause: parsed.error });
  return parsed.data;
}

/**
 * Sends one Chat Completions request (`POST {baseUrl}/chat/completions`).
 *
 * **Temperature:** cold; one HTTP request per subscription. **Emits:** the decoded completion once.
 * **Completes:** after it. **Errors:** `ModelEndpointError` (unreachable, an HTTP error with the endpoint's message,
 * not a chat completion). **Teardown:** aborts the HTTP request.
 */
export function chatCompletion(endpoint: OpenAiEndpoint, body: ChatCompletionRequest): Observable<ChatCompletion> {
  return new Observable<ChatCompletion>((subscriber) => {
    const controller = new AbortController();
    let settled = false;
    send(endpoint, body, controller.signal).then(
      (completion) => {
        settled = true;
        subscriber.next(completion);
        subscriber.complete();
      },
      (error: unknown) => {
        settled = true;
        subscriber.error(error);
      },
    );
    return () => {
      if (!settled) controller.abort();
    };
  });
}
