// The scripted OpenAI-compatible model server (spec/support/routes/400-model.cjs), for specs that run in Node and in
// the browser alike.

/** One reply of a script (see 400-model.cjs). */
export type ScriptedReply =
  | { readonly content: string; readonly finish?: string; readonly model?: string }
  | { readonly toolCalls: readonly { readonly name: string; readonly arguments?: unknown; readonly id?: string }[]; readonly content?: string }
  | { readonly status: number; readonly error?: string }
  | { readonly hang: true }
  | { readonly raw: unknown };

/** A request the server received. */
export interface RecordedModelRequest {
  readonly body: {
    readonly model: string;
    readonly messages: readonly Record<string, unknown>[];
    readonly tools?: readonly { readonly type: string; readonly function: { readonly name: string; readonly parameters: unknown; readonly strict: boolean } }[];
    readonly [member: string]: unknown;
  };
  readonly authorization: string | null;
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
