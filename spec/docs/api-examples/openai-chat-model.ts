import type { Client } from 'rxmcp';
import type { AgentRunEvent } from 'rxmcp/agent';
declare const client: Client;
declare function show(event: AgentRunEvent): void;
// #region example
import { openAiChatModel, runAgent } from 'rxmcp/agent';

const model = openAiChatModel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
runAgent({ source: client, model, prompt: 'Add 17 and 25' }).subscribe(show);
// #endregion
