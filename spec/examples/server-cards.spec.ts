// docs/server-cards.md: a card discovered (through a fetch that serves it), validated, and given to createClient.
import { firstValueFrom } from 'rxjs';
import { createClient } from '../../src/index.js';
import { discoverServer, type CardFetch } from '../../src/protocol/index.js';
import { createTestingController } from '../../src/testing/index.js';

const CARD = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'com.example/weather',
  version: '2.1.0',
  description: 'Forecasts by city',
  remotes: [{ type: 'streamable-http', url: 'https://example.com/mcp', supportedProtocolVersions: ['2026-07-28'] }],
};

/** Serves the card at the well-known location only, as many deployed servers do. */
const fetch: CardFetch = async (url) => {
  const found = url === 'https://example.com/.well-known/mcp/server-card.json';
  return { ok: found, status: found ? 200 : 404, text: async () => JSON.stringify(CARD) };
};

describe('server cards (docs/server-cards.md)', () => {
  it('discovers the card, lists its endpoints and revisions, and connects in its revision', async () => {
    const server = createTestingController({ revision: '2026-07-28' });
    const transport = server.transport; // stands for streamableHttp(found.remotes[0].url)
    // #region readme
    const found = await discoverServer('https://example.com/mcp', { fetch });
    console.log(found.cardUrl); // https://example.com/.well-known/mcp/server-card.json (after <endpoint>/server-card: 404)
    console.log(found.remotes); // [{ type: 'streamable-http', url: 'https://example.com/mcp', protocolVersions: ['2026-07-28'] }]

    const client = createClient(transport, { serverCard: found.card }); // 2026-07-28 named: no era probe
    const connected = await firstValueFrom(client.connect());
    // #endregion
    expect(found.cardUrl).toBe('https://example.com/.well-known/mcp/server-card.json');
    expect(found.remotes).toEqual([{ type: 'streamable-http', url: 'https://example.com/mcp', protocolVersions: ['2026-07-28'] }]);
    expect(connected.protocolVersion).toBe('2026-07-28');
    client.close();
  });
});
