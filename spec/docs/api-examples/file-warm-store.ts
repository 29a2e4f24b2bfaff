// #region example
import { createClient } from 'rxmcp';
import { fileWarmStore, stdio } from 'rxmcp/node';
import { warmStart } from 'rxmcp/warm';

const client = createClient(stdio({ command: 'node', args: ['server.js'] }), {
  warmStart: warmStart({ store: fileWarmStore('.cache/rxmcp'), server: 'node server.js' }),
});
// #endregion
export { client };
