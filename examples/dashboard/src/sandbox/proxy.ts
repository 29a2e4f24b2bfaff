// The MCP Apps sandbox proxy (SEP-1865), served on its own origin and framed by the dashboard: `runSandboxProxy` of
// rxmcp/apps loads the app into an inner frame under the policy this page's server sent (`sandboxCsp`) and relays
// JSON-RPC between the dashboard and the app.
import { runSandboxProxy } from 'rxmcp/apps';

runSandboxProxy();
