// The placeholders the samples of README.md and docs/*.md leave to the reader (a transport, a client, the dialog that
// asks the user, the view that shows a value), declared with rxmcp's own types, so that
// spec/node/doc-samples.spec.ts type-checks each sample as a reader completes it. Only names a sample uses without
// defining them belong here.
import type { LanguageModel } from 'ai';
import type { Client, ClientState, CreateMessageRequestParams, ElicitRequestParams, ElicitResult, HttpAuth, TaskEvent, Tool, ToolCallRequest, Transport } from 'rxmcp';
import type { OpenAiChatTool, ToolCallApproval } from 'rxmcp/agent';

declare global {
  /** A transport to a server: `stdio(...)`, `streamableHttp(...)`, ... */
  const transport: Transport;
  /** A client over such a transport: `createClient(transport)`. */
  const client: Client;
  /** Another client of the application's, handed to a group. */
  const notesClient: Client;
  /** The credentials of a server (an API key, a token). */
  const key: string;
  const apiKey: string;
  /** How an HTTP transport authenticates: `oauth(...)` of `rxmcp/oauth`, or headers of the application's. */
  const auth: HttpAuth;
  /** The application's approval policy of tool calls. */
  const approve: ToolCallApproval;
  /** A Vercel AI SDK model. */
  const model: LanguageModel;
  /** The application's dialog: answers an elicitation, or says whether a tool call or a sampling request may run. */
  function askTheUser(params: ElicitRequestParams): Promise<ElicitResult>;
  function askTheUser(call: ToolCallRequest): Promise<boolean>;
  function askTheUser(params: CreateMessageRequestParams): Promise<boolean>;
  /** The application's chat with a model, which takes tool definitions. */
  const chat: { setTools(definitions: readonly OpenAiChatTool[]): void };
  /** The application's agent, which takes the server's tools. */
  const agent: { setTools(tools: readonly Tool[]): void };
  /** The application's views. */
  function show(value: unknown): void;
  function render(value: unknown, view?: { readonly loading: boolean; readonly stale: boolean; readonly refreshing: boolean; readonly error: unknown }): void;
  function menu(lines: readonly string[]): void;
  function badge(status: ClientState['status']): void;
  function badges(states: ReadonlyMap<string, ClientState>): void;
  const bar: { show(status: string, message?: string): void };
  /** Where the application keeps a task's id across restarts. */
  const store: { save(taskId: string): void; load(): string };
  /** What the application does with each event of a task. */
  function onEvent(event: TaskEvent): void;
}
