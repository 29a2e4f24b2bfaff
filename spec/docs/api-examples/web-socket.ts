// #region example
import { createClient, webSocket } from 'rxmcp';

const client = createClient(webSocket('wss://example.com/mcp'));
// #endregion
export { client };
