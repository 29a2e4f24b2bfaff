// #region example
import { createClient, streamableHttp } from 'rxmcp';

const client = createClient(streamableHttp('https://example.com/mcp'), {
  clientInfo: { name: 'my-app', version: '1.0.0' },
});
client.callTool('add', { a: 1, b: 2 }).subscribe((result) => console.log(result.content));
// …
client.close();
// #endregion
