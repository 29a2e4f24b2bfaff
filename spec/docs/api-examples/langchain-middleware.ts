import { createAgent } from 'langchain';
import type { Client } from 'rxmcp';
import { langChainToolsMiddleware } from 'rxmcp/langchain';
declare const client: Client;
// #region example
const agent = createAgent({ model: 'openai:gpt-4.1-mini', tools: [], middleware: [langChainToolsMiddleware(client)] });
const result = await agent.invoke({ messages: [{ role: 'user', content: 'Turn the lights on.' }] });
// #endregion
export { result };
