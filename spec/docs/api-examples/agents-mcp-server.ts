import { Agent, run } from '@openai/agents';
import type { Client } from 'rxmcp';
import { toAgentsMcpServer } from 'rxmcp/openai-agents';
declare const client: Client;
// #region example
const server = toAgentsMcpServer(client, { name: 'weather' });
await server.connect();
const agent = new Agent({ name: 'Assistant', mcpServers: [server] });
const result = await run(agent, 'What is the weather in Oslo?');
console.log(result.finalOutput);
await server.close();
// #endregion
