declare const token: string;
// #region example
import { createClient, streamableHttp } from 'rxmcp';

const transport = streamableHttp('https://example.com/mcp', {
  headers: { authorization: `Bearer ${token}` },
});
const client = createClient(transport);
// #endregion
export { client };
