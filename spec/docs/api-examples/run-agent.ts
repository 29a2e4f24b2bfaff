import type { Client } from 'rxmcp';
declare const client: Client;
declare const apiKey: string;
declare function write(text: string): void;
// #region example
import { anthropicModel, runAgent } from 'rxmcp/agent';

runAgent({
  source: client,
  model: anthropicModel({ apiKey, model: 'claude-sonnet-4-5' }),
  prompt: 'Add 17 and 25',
  approve: (call, hints) => hints.readOnlyHint || confirm(`Run ${call.name}?`),
}).subscribe((event) => {
  if (event.type === 'text-delta') write(event.text);
});
// #endregion
