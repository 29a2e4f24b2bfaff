// #region example
import { createClient, streamableHttp } from 'rxmcp';
import { browserRedirect, oauth, webStorage } from 'rxmcp/oauth';

const auth = oauth({ redirect: browserRedirect(), storage: webStorage(sessionStorage) });
const client = createClient(streamableHttp('https://example.com/mcp', { auth }));
// #endregion
export { client };
