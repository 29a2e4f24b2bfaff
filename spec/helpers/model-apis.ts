// The three provider APIs of the agent loop, each with its model against the scripted model server and the way to
// read what a recorded request offered and sent.
import { anthropicModel, openAiChatModel, openAiResponsesModel, type ModelProvider } from '../../src/agent/index.js';
import type { RecordedModelRequest, ScriptedApi } from './model-server-urls.js';

/** One provider API, for specs that run the loop over each. */
export interface Api {
  readonly label: string;
  readonly wire: ScriptedApi;
  readonly make: (baseUrl: string, stream: boolean) => ModelProvider;
  /** The tool names a request offered. */
  readonly toolNames: (request: RecordedModelRequest) => string[];
  /** The credentials and version headers its requests carry, as recorded. */
  readonly headers: Partial<Pick<RecordedModelRequest, 'authorization' | 'apiKey' | 'version'>>;
  /** The conversation a request sent. */
  readonly conversation: (request: RecordedModelRequest) => readonly Record<string, unknown>[];
}

const body = (request: RecordedModelRequest) => request.body as unknown as Record<string, unknown>;
const namesOf = (tools: unknown, pick: (tool: Record<string, unknown>) => unknown) => ((tools ?? []) as Record<string, unknown>[]).map((tool) => String(pick(tool)));

export const APIS: readonly Api[] = [
  {
    label: 'OpenAI Chat Completions',
    wire: 'chat',
    make: (baseUrl, stream) => openAiChatModel({ baseUrl, apiKey: 'sk-chat', model: 'scripted', stream }),
    toolNames: (request) => namesOf(body(request)['tools'], (tool) => (tool['function'] as { name: string }).name),
    headers: { authorization: 'Bearer sk-chat', apiKey: null },
    conversation: (request) => request.body.messages,
  },
  {
    label: 'OpenAI Responses',
    wire: 'responses',
    make: (baseUrl, stream) => openAiResponsesModel({ baseUrl, apiKey: 'sk-responses', model: 'scripted', stream }),
    toolNames: (request) => namesOf(body(request)['tools'], (tool) => tool['name']),
    headers: { authorization: 'Bearer sk-responses', apiKey: null },
    conversation: (request) => body(request)['input'] as Record<string, unknown>[],
  },
  {
    label: 'Anthropic Messages',
    wire: 'anthropic',
    make: (baseUrl, stream) => anthropicModel({ baseUrl, apiKey: 'sk-ant', model: 'scripted', stream }),
    toolNames: (request) => namesOf(body(request)['tools'], (tool) => tool['name']),
    headers: { authorization: null, apiKey: 'sk-ant', version: '2023-06-01' },
    conversation: (request) => request.body.messages,
  },
];
