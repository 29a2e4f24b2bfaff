import { createAgent } from 'langchain';
import type { Client } from 'rxmcp';
import { toLangChainTools } from 'rxmcp/langchain';
declare const client: Client;
// #region example
const agent = createAgent({ model: 'openai:gpt-4.1-mini', tools: await toLangChainTools(client) });
const result = await agent.invoke({ messages: [{ role: 'user', content: 'What is the weather in Oslo?' }] });
console.log(result.messages.at(-1)?.content);
// #endregion
