import type { Client } from 'rxmcp';
declare const client: Client;
declare const apiKey: string;
// #region example
import { agentLoop } from 'rxmcp/agent';

agentLoop({
  source: client,
  model: { baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' },
  messages: [{ role: 'user', content: 'Add 17 and 25' }],
  approve: (call, hints) => hints.readOnlyHint || confirm(`Run ${call.name}?`),
}).subscribe((event) => console.log(event.type));
// #endregion
