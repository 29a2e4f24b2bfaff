// #region example
import { createClient } from 'rxmcp';
import { docker } from 'rxmcp/node';

const client = createClient(docker({ image: 'mcp/fetch', env: { FETCH_TIMEOUT: '30' } }));
// #endregion
export { client };
