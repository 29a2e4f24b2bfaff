import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UrlRefusedError } from '../../src/auth/errors.js';
import { guardedFetch } from '../../src/auth/guarded-fetch.js';
import { nodeUrlGuard } from '../../src/auth/node/url-guard.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { createUrlGuard, type UrlGuardOptions } from '../../src/auth/url-guard.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { listToolsSettled } from '../helpers/list-tools-settled.js';

/** A real HTTP server on `host` that answers with `handler` and records every request it got. */
interface Recorded {
  readonly origin: string;
  readonly port: number;
  readonly requests: { url: string; host: string | undefined }[];
  close(): Promise<void>;
}

async function serve(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Recorded> {
  const requests: { url: string; host: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', host: req.headers.host });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, body: unknown, status = 200): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const REMOTE = 'https://mcp.example.com/mcp';

/** The fetch of `oauth()` for an MCP server at `server`, with `options`. */
const guarded = (options: UrlGuardOptions, server = REMOTE): FetchLike => guardedFetch(globalThis.fetch, createUrlGuard(options, () => server));

const refusalOf = (promise: Promise<unknown>): Promise<UrlRefusedError> =>
  promise.then(
    () => fail('the request was not refused') as never,
    (error: unknown) => {
      expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
      return error as UrlRefusedError;
    },
  );

describe('the URL guard with real servers', () => {
  let servers: Recorded[] = [];
  const start = async (host: string, handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const server = await serve(host, handler);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('refuses a loopback URL for a remote MCP server before anything reaches it, with and without resolution', async () => {
    const target = await start('127.0.0.1', (_req, res) => json(res, { ok: true }));
    for (const options of [{}, nodeUrlGuard()]) {
      const error = await refusalOf(guarded(options)(`${target.origin}/doc`, { method: 'GET' }));
      expect(error.rule).toBe('loopback address 127.0.0.1 (RFC 1122)');
      expect(error.url).toBe(`${target.origin}/doc`);
    }
    expect(target.requests).toEqual([]);
  });

  it('resolves a host name once, refuses it when it resolves to a refused address, and sends nothing', async () => {
    const target = await start('127.0.0.1', (_req, res) => json(res, { ok: true }));
    const asked: string[] = [];
    const lookup = async (name: string) => (asked.push(name), ['127.0.0.1']);
    const error = await refusalOf(guarded(nodeUrlGuard({ lookup }))(`http://as.lab.test:${target.port}/doc`, { method: 'GET' }));
    expect([error.address, error.addressKind]).toEqual(['127.0.0.1', 'loopback']);
    expect(asked).toEqual(['as.lab.test']);
    expect(target.requests).toEqual([]);
  });

  it('refuses localhost by what the system resolver says it is', async () => {
    const target = await start('127.0.0.1', (_req, res) => json(res, { ok: true }));
    const error = await refusalOf(guarded(nodeUrlGuard())(`http://localhost:${target.port}/doc`, { method: 'GET' }));
    expect(error.addressKind).toBe('loopback');
    expect(['127.0.0.1', '::1']).toContain(error.address);
    expect(target.requests).toEqual([]);
  });

  it('connects an allow-listed name to the address it was checked at, without a second lookup', async () => {
    const target = await start('127.0.0.1', (_req, res) => json(res, { ok: true }));
    const asked: string[] = [];
    const lookup = async (name: string) => (asked.push(name), ['127.0.0.1']);
    const response = await guarded(nodeUrlGuard({ lookup, allow: ['127.0.0.0/8'] }))(`http://as.lab.test:${target.port}/doc`, { method: 'GET' });
    expect(await response.json()).toEqual({ ok: true });
    expect(asked).toEqual(['as.lab.test']);
    expect(target.requests).toEqual([{ url: '/doc', host: `as.lab.test:${target.port}` }]);
  });

  it('follows a redirect to an allowed URL hop by hop', async () => {
    const target = await start('127.0.0.1', (req, res) => (req.url === '/old' ? res.writeHead(302, { location: '/new' }).end() : json(res, { at: req.url })));
    for (const options of [{ allow: ['127.0.0.1'] }, nodeUrlGuard({ allow: ['127.0.0.1'] })]) {
      const response = await guarded(options)(`${target.origin}/old`, { method: 'GET' });
      expect(await response.json()).toEqual({ at: '/new' });
    }
    expect(target.requests.map((request) => request.url)).toEqual(['/old', '/new', '/old', '/new']);
  });

  it('refuses a redirect to a refused address, and nothing reaches that address', async () => {
    const inner = await start('127.0.0.2', (_req, res) => json(res, { secret: true }));
    const outer = await start('127.0.0.1', (_req, res) => res.writeHead(307, { location: `http://127.0.0.2:${inner.port}/latest` }).end());
    for (const options of [{ allow: ['127.0.0.1'] }, nodeUrlGuard({ allow: ['127.0.0.1'] })]) {
      const error = await refusalOf(guarded(options)(`${outer.origin}/metadata`, { method: 'GET' }));
      expect(error.rule).toBe('loopback address 127.0.0.2 (RFC 1122)');
      expect(error.url).toBe(`http://127.0.0.2:${inner.port}/latest`);
    }
    expect(outer.requests.length).toBe(2);
    expect(inner.requests).toEqual([]);
  });
});

describe('oauth() discovery behind the URL guard, with a real resource server', () => {
  let server: Recorded | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function listWith(url: string, fetch: FetchLike): Promise<unknown> {
    const auth = oauth({ redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1/callback' }), fetch });
    return listToolsSettled(url, { auth });
  }

  it('refuses protected resource metadata that redirects to the cloud metadata address, and never asks that address', async () => {
    server = await serve('127.0.0.1', (req, res) => {
      if (req.url === '/mcp') {
        res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:${(req.socket.localPort ?? 0)}/prm"` }).end();
      } else if (req.url === '/prm') {
        res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/iam/security-credentials/' }).end();
      } else res.writeHead(404).end();
    });
    const urls: string[] = [];
    // Only 127.0.0.1 is ever asked: any other host is recorded and fails here, whatever the guard does.
    const fetch: FetchLike = (url, init) =>
      (urls.push(url), new URL(url).hostname === '127.0.0.1' ? globalThis.fetch(url, init) : Promise.reject(new TypeError('fetch failed')));
    const error = await listWith(`${server.origin}/mcp`, fetch);
    expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
    expect((error as UrlRefusedError).rule).toBe('metadata address 169.254.169.254 (cloud instance metadata)');
    expect(urls.filter((url) => url.includes('169.254'))).toEqual([]);
    expect(server.requests.map((request) => request.url)).toContain('/prm');
  });
});
