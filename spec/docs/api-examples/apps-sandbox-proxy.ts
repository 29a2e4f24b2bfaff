// #region example
// sandbox.ts, bundled into the proxy page's <script type="module">
import { runSandboxProxy } from 'rxmcp/apps';

runSandboxProxy({ hostOrigins: ['https://host.example.com'] });
// #endregion
