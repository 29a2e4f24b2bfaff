// docs/apps.md: the tools an agent may see, without the app-only ones (SEP-1865 visibility), in both eras.
import { createClient, type Client } from '../../src/index.js';
import { modelTools } from '../../src/apps/meta.js';
import { itInEachEra, serveTools, tool } from '../../src/testing/index.js';

function agentTools(client: Client, offer: (names: string[]) => void): void {
  // #region readme
  client.tools$.subscribe((tools) => offer(modelTools(tools).map((t) => t.name)));
  // #endregion
}

describe('docs/apps.md visibility', () => {
  itInEachEra('offers the model every tool but the app-only ones', (server, { flush }) => {
    serveTools(server, [
      tool('get-system-info', { _meta: { ui: { resourceUri: 'ui://system-monitor/mcp-app.html' } } }),
      tool('poll-system-stats', { _meta: { ui: { visibility: ['app'] } } }),
      tool('secret', { _meta: { ui: { visibility: ['model'] } } }),
    ]);
    const offered: string[][] = [];
    agentTools(createClient(server.transport), (names) => offered.push(names));
    flush();
    expect(offered.at(-1)).toEqual(['get-system-info', 'secret']);
  });
});
