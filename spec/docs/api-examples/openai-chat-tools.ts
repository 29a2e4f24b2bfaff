import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { toOpenAiChatTools } from 'rxmcp/agent';

client.tools$.pipe(toOpenAiChatTools()).subscribe(({ definitions, byName }) => {
  console.log(definitions.map((definition) => definition.function.name), byName.size);
});
// #endregion
