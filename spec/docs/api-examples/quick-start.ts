// #region example
import { createClient, streamableHttp } from 'rxmcp';

const client = createClient(streamableHttp('https://example.com/mcp'));
client.tools$.subscribe((tools) => console.log(tools.map((tool) => tool.name)));
client.callTool('echo', { text: 'hello' }).subscribe((result) => console.log(result.content));
// #endregion
