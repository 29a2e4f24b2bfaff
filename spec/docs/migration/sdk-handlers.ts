import { Client } from '@modelcontextprotocol/sdk/client/index.js';
declare function askTheUser(message: string): Promise<Record<string, string>>;
// #region guide
import { ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const client = new Client({ name: 'my-app', version: '1.0.0' }, { capabilities: { elicitation: {}, roots: {} } });
client.setRequestHandler(ElicitRequestSchema, async (request) => ({
  action: 'accept',
  content: await askTheUser(request.params.message),
}));
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work' }] }));
// #endregion
