// The scripted model server (spec/support/routes/400-model.cjs), for specs that run in Node and in the browser alike:
// OpenAI Chat Completions, OpenAI Responses and Anthropic Messages, each as JSON or as its event stream.

/** Token counts a scripted reply reports (default 11 in, 7 out). */
export interface ScriptedUsage {
  readonly input?: number;
  readonly output?: number;
}

/** One reply of a script (see 400-model.cjs). */
export type ScriptedReply =
  | { readonly content: string; readonly finish?: string; readonly model?: string; readonly usage?: ScriptedUsage; readonly failMidStream?: string; readonly cutMidStream?: boolean }
  | { readonly toolCalls: readonly { readonly name: string; readonly arguments?: unknown; readonly id?: string }[]; readonly content?: string; readonly usage?: ScriptedUsage }
  | { readonly status: number; readonly error?: string }
  | { readonly hang: true; readonly content?: string }
  | { readonly raw: unknown };

/** The provider API a request went to. */
export type ScriptedApi = 'chat' | 'responses' | 'anthropic';

/** A request the server received. */
export interface RecordedModelRequest {
  /** Which API the request went to (`/chat/completions`, `/responses`, `/messages`). */
  readonly api: ScriptedApi;
  readonly body: {
    readonly model: string;
    readonly messages: readonly Record<string, unknown>[];
    readonly tools?: readonly { readonly type: string; readonly function: { readonly name: string; readonly parameters: unknown; readonly strict: boolean } }[];
    readonly stream?: boolean;
    readonly [member: string]: unknown;
  };
  readonly authorization: string | null;
  /** The `x-api-key` header (Anthropic). */
  readonly apiKey: string | null;
  /** The `anthropic-version` header. */
  readonly version: string | null;
  readonly aborted: boolean;
}

/** A script on the server: its base URL (for `baseUrl`) and what it recorded. */
export interface ModelScript {
  readonly baseUrl: string;
  requests(): Promise<RecordedModelRequest[]>;
}

async function base(): Promise<string> {
  const fromNode = (globalThis as { __rxmcpModelServer?: () => Promise<string> }).__rxmcpModelServer;
  return fromNode !== undefined ? fromNode() : globalThis.location.origin;
}

/** Puts a script of replies on the model server. */
export async function scriptModel(replies: readonly ScriptedReply[]): Promise<ModelScript> {
  const origin = await base();
  const response = await fetch(`${origin}/__rxmcp/model/scripts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ replies }) });
  const { id } = (await response.json()) as { id: string };
  const baseUrl = `${origin}/__rxmcp/model/s/${id}`;
  return {
    baseUrl,
    requests: async () => (await (await fetch(`${baseUrl}/requests`)).json()) as RecordedModelRequest[],
  };
}
