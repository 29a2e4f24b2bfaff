// The Node build of the main entry (`rxmcp` under the `node` export condition): the same names as the universal
// entry, and the Streamable HTTP transports on undici unless a `fetch` is given.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastValueFrom } from 'rxjs';
import * as universal from '../../src/index.js';
import * as nodeEntry from '../../src/node/main-entry.js';
import { nodeRemoteTransport } from '../../src/node/http-defaults.js';

const NOTIFICATION = { message: { jsonrpc: '2.0' as const, method: 'notifications/initialized' } };

describe('the Node build of rxmcp', () => {
  let server: Server;
  let url = '';
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers);
      request.resume().on('end', () => response.writeHead(202).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The headers the server saw for one notification POSTed through `transport`. */
  async function headersOf(transport: universal.StreamableHttpTransport | universal.HttpTransport): Promise<IncomingHttpHeaders> {
    seen.length = 0;
    await lastValueFrom(transport.exchange(NOTIFICATION), { defaultValue: undefined });
    expect(seen.length).withContext('POSTs the server saw').toBe(1);
    return seen[0] as IncomingHttpHeaders;
  }

  it('exports the same names as the universal entry', () => {
    expect(Object.keys(nodeEntry).sort()).toEqual(Object.keys(universal).sort());
  });

  it('shares every export but the HTTP transports with the universal entry (one copy of each class)', () => {
    const own = new Set(['streamableHttp', 'httpTransport']);
    const differing = Object.keys(universal).filter((name) => (universal as Record<string, unknown>)[name] !== (nodeEntry as Record<string, unknown>)[name]);
    expect(differing.sort()).toEqual([...own].sort());
  });

  it('streamableHttp POSTs through undici without a fetch option (no sec-fetch-mode header, which fetch adds), and through fetch with fetch: globalThis.fetch', async () => {
    expect((await headersOf(nodeEntry.streamableHttp(url)))['sec-fetch-mode']).withContext('the default').toBeUndefined();
    expect((await headersOf(nodeEntry.streamableHttp(url, { fetch: globalThis.fetch })))['sec-fetch-mode']).withContext('fetch: globalThis.fetch').toBe('cors');
    expect((await headersOf(universal.streamableHttp(url)))['sec-fetch-mode']).withContext('the universal entry').toBe('cors');
  });

  it('a Streamable HTTP server of a configuration file (http, auto) is reached through undici without a fetch option, and through fetch with one', async () => {
    const refuse = () => new Error('refused');
    for (const kind of ['http', 'auto'] as const) {
      const viaUndici = nodeRemoteTransport(kind, url, { headers: {} }, refuse) as universal.StreamableHttpTransport;
      expect((await headersOf(viaUndici))['sec-fetch-mode']).withContext(`${kind}, the default`).toBeUndefined();
      const viaFetch = nodeRemoteTransport(kind, url, { headers: {}, fetch: globalThis.fetch }, refuse) as universal.StreamableHttpTransport;
      expect((await headersOf(viaFetch))['sec-fetch-mode']).withContext(`${kind}, fetch: globalThis.fetch`).toBe('cors');
    }
  });

  it('httpTransport POSTs through undici without a fetch option, and through fetch with fetch: globalThis.fetch', async () => {
    expect((await headersOf(nodeEntry.httpTransport(url)))['sec-fetch-mode']).withContext('the default').toBeUndefined();
    expect((await headersOf(nodeEntry.httpTransport(url, { fetch: globalThis.fetch })))['sec-fetch-mode']).withContext('fetch: globalThis.fetch').toBe('cors');
  });
});
