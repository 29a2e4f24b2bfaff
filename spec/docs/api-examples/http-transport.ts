// #region example
import { createClient, httpTransport } from 'rxmcp';

// Streamable HTTP when the server speaks it, else the older HTTP+SSE transport.
const transport = httpTransport('https://example.com/mcp');
const client = createClient(transport);
client.connect().subscribe(() => console.log(`the server speaks ${transport.detected}`));
// #endregion
