// Client adapters for `npm run bench`. Each adapter loads its library lazily (so import time is measured per
// worker) and opens a connection to a target: `{ stdio: [command, ...args] }` or `{ url }`. An open connection
// offers list(), call(name, args), protocol() and close().
import { fileURLToPath } from 'node:url';
import { loadCheckout } from './checkout.mjs';
import { bounded, limitAdapter } from './limit.mjs';

export const CLIENT_INFO = { name: 'rxmcp-bench', version: '1.0.0' };
/**
 * The largest stdio message every client accepts: rxmcp's default. The official clients stop at 10 MB by default
 * (the connection closes on a longer line), so they are given this bound for the 50 MiB results.
 */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The clients the bench knows, in table order; `optional` ones run only when --clients names them. */
export const CLIENTS = {
  'rxmcp-auto': { family: 'rxmcp', note: 'rxmcp (dist), protocol auto (default)', load: (root) => rxmcpAdapter('auto', root) },
  'rxmcp-legacy': { family: 'rxmcp', note: 'rxmcp (dist), protocol legacy', load: (root) => rxmcpAdapter('legacy', root) },
  official: { family: 'official', note: '@modelcontextprotocol/client, default negotiation', load: () => officialAdapter(false) },
  'official-auto': { family: 'official', note: '@modelcontextprotocol/client, versionNegotiation auto', load: () => officialAdapter(true) },
  'official-v1': { family: 'official', note: '@modelcontextprotocol/sdk (the v1 SDK), Client', load: () => officialV1Adapter() },
  limit: { family: 'limit', note: 'no SDK: newline JSON-RPC / keep-alive node:http POSTs, 2025-11-25 (bench/limit.mjs)', load: async () => limitAdapter(CLIENT_INFO) },
  'limit-fetch': { family: 'limit', optional: true, note: 'limit with the global fetch for HTTP (only with --clients)', load: async () => limitAdapter(CLIENT_INFO, { fetch: true }) },
};

/**
 * rxmcp from the built package (resolved through the package's own `exports`), or from the built checkout `root`
 * (`--roots`) with that checkout's rxjs.
 */
async function rxmcpAdapter(protocol, root) {
  const [{ createClient, streamableHttp }, { stdio }, { lastValueFrom, firstValueFrom }] =
    root === undefined ? await Promise.all([import('rxmcp'), import('rxmcp/node'), import('rxjs')]) : await loadCheckout(root);
  return {
    async open(target) {
      let exited;
      let transport;
      if (target.url) {
        transport = streamableHttp(target.url);
      } else {
        const [command, ...args] = target.stdio;
        transport = stdio({ command, args });
        exited = firstValueFrom(transport.processes$).then((spawned) => lastValueFrom(spawned.exit$));
      }
      const client = createClient(transport, { clientInfo: CLIENT_INFO, protocol });
      await lastValueFrom(client.connect());
      return {
        list: () => lastValueFrom(client.listTools()),
        call: (name, args) => lastValueFrom(client.callTool(name, args)),
        protocol: () => client.server?.protocolVersion,
        async close() {
          client.close();
          if (exited) await bounded(exited, 3000);
        },
      };
    },
  };
}

/** The official v2 client, `@modelcontextprotocol/client`. */
async function officialAdapter(auto) {
  const [{ Client, StreamableHTTPClientTransport }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/client'),
    import('@modelcontextprotocol/client/stdio'),
  ]);
  const options = auto ? { capabilities: {}, versionNegotiation: { mode: 'auto' } } : { capabilities: {} };
  return {
    async open(target) {
      const client = new Client(CLIENT_INFO, options);
      const [command, ...args] = target.stdio ?? [];
      const transport = target.url
        ? new StreamableHTTPClientTransport(new URL(target.url))
        : new StdioClientTransport({ command, args, stderr: 'ignore', maxBufferSize: MAX_MESSAGE_BYTES });
      await client.connect(transport);
      return {
        list: () => client.listTools(),
        call: (name, args) => client.callTool({ name, arguments: args }),
        protocol: () => client.getNegotiatedProtocolVersion(),
        close: () => bounded(client.close(), 3000),
      };
    },
  };
}

/** The official v1 SDK, `@modelcontextprotocol/sdk` (2025 revisions only). */
async function officialV1Adapter() {
  const [{ Client }, { StdioClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return {
    async open(target) {
      const client = new Client(CLIENT_INFO, { capabilities: {} });
      const [command, ...args] = target.stdio ?? [];
      const transport = target.url
        ? new StreamableHTTPClientTransport(new URL(target.url))
        : new StdioClientTransport({ command, args, stderr: 'ignore', maxBufferSize: MAX_MESSAGE_BYTES });
      // The v1 client has no getter for the negotiated version; it hands it to the transport, so listen there.
      let negotiated;
      const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
      transport.setProtocolVersion = (version) => {
        negotiated = version;
        setProtocolVersion?.(version);
      };
      await client.connect(transport);
      return {
        list: () => client.listTools(),
        call: (name, args) => client.callTool({ name, arguments: args }),
        protocol: () => negotiated,
        close: () => bounded(client.close(), 3000),
      };
    },
  };
}

/** Path of the bench echo server. */
export const ECHO_SERVER = fileURLToPath(new URL('./echo-server.mjs', import.meta.url));
