import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import crossFetch from 'cross-fetch';
import { TransportError } from '../../src/errors/errors.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { legacySse } from '../../src/transport/legacy-sse.js';
import { initializeRequest, probeTransport, type TransportProbe } from '../helpers/sse-ws-server-probe.js';
import { startLegacySseServer, type LegacySseServer } from '../helpers/sse-ws-server.js';

const PREFIX = '/__rxmcp/legacy-sse';

/** The next `event` of the fixture's observer whose `url` starts with `path`, within 5 s. */
async function observed(server: LegacySseServer, event: string, path: string): Promise<{ url: string }> {
  const signal = AbortSignal.timeout(5000);
  for (;;) {
    const [value] = (await once(server.observer, event, { signal })) as [{ url: string }];
    if (value.url.startsWith(path)) return value;
  }
}

describe('legacySse in Node', () => {
  let server: LegacySseServer;
  let probes: TransportProbe[];

  beforeAll(async () => {
    server = await startLegacySseServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    probes = [];
  });
  afterEach(() => probes.forEach((p) => p.stop()));

  function open(path: string, options?: Parameters<typeof legacySse>[1]): TransportProbe {
    const probe = probeTransport(legacySse(`${server.baseUrl}${PREFIX}${path}`, options));
    probes.push(probe);
    return probe;
  }

  it('closes the event stream of the SDK server on unsubscribe', async () => {
    const probe = open('/sse');
    probe.send(initializeRequest(1));
    await probe.response(1);
    const closed = observed(server, 'stream-closed', `${PREFIX}/sse`);
    probe.stop();
    expect((await closed).url).toBe(`${PREFIX}/sse`);
  });

  it('aborts a POST in flight on unsubscribe', async () => {
    const probe = open('/sse-hanging');
    const received = observed(server, 'post-received', `${PREFIX}/hang`);
    probe.send(initializeRequest(1));
    await received;
    const aborted = observed(server, 'post-aborted', `${PREFIX}/hang`);
    probe.stop();
    expect((await aborted).url).toBe(`${PREFIX}/hang`);
  });

  describe('with an endpoint on another origin', () => {
    let foreign: Server;
    let foreignRequests: string[];

    beforeAll(async () => {
      foreignRequests = [];
      foreign = createServer((req, res) => {
        foreignRequests.push(`${req.method} ${req.url}`);
        res.writeHead(202).end();
      });
      foreign.listen(0, '127.0.0.1');
      await once(foreign, 'listening');
    });
    afterAll(() => new Promise<void>((done) => foreign.close(() => done())));

    it('errors with a TransportError and never POSTs there', async () => {
      const { port } = foreign.address() as AddressInfo;
      const endpoint = `http://127.0.0.1:${port}/messages`;
      const probe = open(`/sse-endpoint?endpoint=${encodeURIComponent(endpoint)}`);
      probe.send(initializeRequest(1));
      const error = await probe.end();
      expect(TransportError.is(error)).toBeTrue();
      expect((error as Error).message).toContain(endpoint);
      expect(probe.outboundSubscriptions).toBe(0);
      expect(foreignRequests).toEqual([]);
    });
  });

  it('errors with a TransportError when fetch gives Node stream bodies (cross-fetch in Node)', async () => {
    const error = await open('/sse', { fetch: crossFetch as unknown as FetchLike }).end();
    expect(TransportError.is(error)).toBeTrue();
    expect((error as Error).message).toContain('ReadableStream');
  });

  it('accepts a relative endpoint without a leading slash, resolved against the SSE URL', async () => {
    const probe = open(`/sse-endpoint?endpoint=reject`);
    probe.send(initializeRequest(1));
    const failed = await probe.frame((f) => f.failure !== undefined);
    expect((failed.failure?.error as TransportError).status).toBe(500);
  });
});
