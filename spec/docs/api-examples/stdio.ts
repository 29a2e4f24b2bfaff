// #region example
import { createClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const transport = stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { LOG_LEVEL: 'debug' } });
transport.stderr$.subscribe((line) => console.error(`[server] ${line}`));
const client = createClient(transport);
// #endregion
export { client };
