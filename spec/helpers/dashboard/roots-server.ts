import { McpServer } from '@modelcontextprotocol/server';
import { serveMcpHandler, type ExampleHttpServer } from '../../../examples/server/http.js';
import { LegacySessions } from '../../../examples/server/legacy-sessions.js';

/** A 2025-era server over Streamable HTTP that asks for the client's roots (`list_roots`) and notes each list change. */
export interface RootsServer extends ExampleHttpServer {
  /** How many `notifications/roots/list_changed` arrived. */
  readonly changes: () => number;
}

export async function startRootsServer(): Promise<RootsServer> {
  let changes = 0;
  const http = await serveMcpHandler(new LegacySessions(() => {
    const server = new McpServer({ name: 'roots-server', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.registerTool('list_roots', { description: 'Asks the client for its roots' }, async () => {
      const { roots } = await server.server.listRoots();
      return { content: [{ type: 'text' as const, text: JSON.stringify(roots) }] };
    });
    server.server.setNotificationHandler('notifications/roots/list_changed', () => {
      changes += 1;
    });
    return server;
  }), 0);
  return { ...http, changes: () => changes };
}
