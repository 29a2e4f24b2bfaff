// The MCP Apps sandbox proxy (SEP-1865), served on its own origin and framed by the dashboard: `runSandboxProxy` of
// rxmcp/apps loads the app into an inner frame under the policy this page's server sent (`sandboxCsp`) and relays
// JSON-RPC between the dashboard and the app. When the server names the page's origins in
// `<meta name="rxmcp-host-origins">` (`rxmcp ui` does), only those may frame it: another site gets no app.
import { runSandboxProxy } from 'rxmcp/apps';

/** The origins the server wrote into the page (space-separated), or `undefined` when it wrote none. */
function hostOrigins(): string[] | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="rxmcp-host-origins"]');
  return meta === null ? undefined : meta.content.split(/\s+/).filter((origin) => origin !== '');
}

const hosts = hostOrigins();
runSandboxProxy(hosts === undefined ? {} : { hostOrigins: hosts });
