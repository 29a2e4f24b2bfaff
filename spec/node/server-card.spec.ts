// Server Cards (SEP-2127) on 127.0.0.1: discoverServer finds the example server's card at the endpoint-relative and
// the well-known location, refuses a malformed card and reports a missing one with the URLs it tried; createClient
// given a card that names a revision connects in that era without the server/discover probe (checked on the frames).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { exampleServerCard, startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { createClient, streamableHttp, type Client } from '../../src/index.js';
import { discoverServer, ServerCardError } from '../../src/protocol/index.js';

/** A server answering each path of `routes` with its status and body (404 for any other path); it logs the paths asked. */
async function cardHost(routes: Readonly<Record<string, { status?: number; body: string }>>): Promise<{ base: string; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.url} ${req.headers.accept ?? ''}`);
    const route = routes[req.url ?? ''];
    if (route === undefined) res.writeHead(404).end();
    else res.writeHead(route.status ?? 200, { 'content-type': 'application/json' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

function outboundMethods(client: Client): string[] {
  const methods: string[] = [];
  client.session.frames$.subscribe((event) => {
    if (event.direction === 'out' && 'method' in event.frame.message) methods.push(event.frame.message.method);
  });
  return methods;
}

describe('discoverServer against the example server', () => {
  let example: ExampleHttpServer;
  beforeAll(async () => {
    example = await startExampleHttpServer();
  });
  afterAll(() => example.close());

  it('reads the card at <endpoint>/server-card given the endpoint, with its transport, endpoint and revisions', async () => {
    const found = await discoverServer(example.url);
    expect(found.cardUrl).toBe(`${example.url}/server-card`);
    expect(found.card.name).toBe('io.github.rxmcp/example-server');
    expect(found.remotes).toEqual([{ type: 'streamable-http', url: example.url, protocolVersions: ['2026-07-28', '2025-11-25'] }]);
    expect(found.protocolVersions).toEqual(['2026-07-28', '2025-11-25']);
  });

  it('reads the card at /.well-known/mcp/server-card.json given the origin', async () => {
    const origin = new URL(example.url).origin;
    const found = await discoverServer(origin);
    expect(found.cardUrl).toBe(`${origin}/.well-known/mcp/server-card.json`);
    expect(found.card.title).toBe('rxmcp example server');
  });
});

describe('discoverServer on hosts with a missing or malformed card', () => {
  it('falls back from the endpoint-relative location to the well-known one, asking for the card media type', async () => {
    const card = exampleServerCard('http://127.0.0.1/mcp');
    const host = await cardHost({ '/.well-known/mcp/server-card.json': { body: JSON.stringify(card) } });
    try {
      const found = await discoverServer(`${host.base}/api/mcp`);
      expect(found.cardUrl).toBe(`${host.base}/.well-known/mcp/server-card.json`);
      expect(host.asked.map((line) => line.split(' ')[0])).toEqual(['/api/mcp/server-card', '/.well-known/mcp/server-card.json']);
      expect(host.asked[0]).toContain('application/mcp-server-card+json');
    } finally {
      await stop(host.server);
    }
  });

  it('reports a missing card with every URL tried', async () => {
    const host = await cardHost({});
    try {
      const error = await failure(discoverServer(`${host.base}/mcp`));
      expect(ServerCardError.is(error)).toBeTrue();
      expect(error).toEqual(jasmine.objectContaining({ reason: 'missing', tried: [`${host.base}/mcp/server-card`, `${host.base}/.well-known/mcp/server-card.json`] }));
    } finally {
      await stop(host.server);
    }
  });

  it('refuses a malformed card, naming what is wrong, and a body that is not JSON, without looking further', async () => {
    const bad = { ...exampleServerCard('http://127.0.0.1/mcp'), name: 'no-slash', remotes: [{ type: 'websocket', url: 'ws://x' }] };
    const host = await cardHost({ '/a/server-card': { body: JSON.stringify(bad) }, '/b/server-card': { body: '<html>' } });
    try {
      const malformed = await failure(discoverServer(`${host.base}/a`));
      expect(malformed).toEqual(jasmine.objectContaining({ reason: 'malformed', tried: [`${host.base}/a/server-card`] }));
      const issues = (malformed as ServerCardError).issues.join('\n');
      expect(issues).toContain('name:');
      expect(issues).toContain('remotes.0.type:');
      expect(await failure(discoverServer(`${host.base}/b`))).toEqual(jasmine.objectContaining({ reason: 'malformed' }));
      expect(host.asked.map((line) => line.split(' ')[0])).toEqual(['/a/server-card', '/b/server-card']);
    } finally {
      await stop(host.server);
    }
  });
});

describe('createClient given a Server Card', () => {
  let example: ExampleHttpServer;
  beforeAll(async () => {
    example = await startExampleHttpServer();
  });
  afterAll(() => example.close());

  const connect = async (serverCard?: ReturnType<typeof exampleServerCard>) => {
    const client = createClient(streamableHttp(example.url), serverCard === undefined ? {} : { serverCard });
    const sent = outboundMethods(client);
    const server = await firstValueFrom(client.connect());
    client.close();
    return { server, sent };
  };

  it('without a card, probes with server/discover', async () => {
    const { server, sent } = await connect();
    expect(server.protocolVersion).toBe('2026-07-28');
    expect(sent[0]).toBe('server/discover');
  });

  it('with a card naming only 2025-11-25, sends initialize first and no server/discover', async () => {
    const card = exampleServerCard(example.url);
    const { server, sent } = await connect({ ...card, remotes: [{ ...card.remotes[0]!, supportedProtocolVersions: ['2025-11-25'] }] });
    expect(server.protocolVersion).toBe('2025-11-25');
    expect(sent).not.toContain('server/discover');
    expect(sent.slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
  });

  it('with the card the server serves (naming 2026-07-28), connects with one server/discover and no initialize', async () => {
    const { card } = await discoverServer(example.url);
    const { server, sent } = await connect(card as ReturnType<typeof exampleServerCard>);
    expect(server.protocolVersion).toBe('2026-07-28');
    expect(sent).toEqual(['server/discover']);
  });
});
