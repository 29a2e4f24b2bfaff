import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as universal from '../../src/auth/index.js';
import * as nodeEntry from '../../src/auth/node/oauth-entry.js';
import { UrlRefusedError } from '../../src/auth/errors.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { listToolsSettled } from '../helpers/list-tools-settled.js';

/** Stands for a remote MCP server: requests to it are sent to the real server on 127.0.0.1 instead. */
const REMOTE_HOST = '10.9.8.7';

describe('the Node build of rxmcp/oauth', () => {
  it('exports the same names as the universal entry', () => {
    expect(Object.keys(nodeEntry).sort()).toEqual(Object.keys(universal).sort());
  });

  describe('oauth() without urlGuard, against a real resource server', () => {
    let server: Server | undefined;
    const requests: string[] = [];
    let port = 0;
    beforeEach(async () => {
      requests.length = 0;
      server = createServer((req, res) => {
        requests.push(req.url ?? '');
        if (req.url === '/mcp') res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="https://${REMOTE_HOST}:${port}/prm"` }).end();
        else if (req.url === '/prm') {
          // The authorization server is named by a host name that resolves to loopback, while the MCP server is not on loopback.
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: `https://${REMOTE_HOST}:${port}/mcp`, authorization_servers: [`http://localhost:${port}`] }));
        } else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterEach(async () => {
      await new Promise((resolve) => server?.close(resolve));
      server = undefined;
    });

    /** Sends requests for REMOTE_HOST (https) to 127.0.0.1 (http) and refuses (and records) every other host. */
    const asked: string[] = [];
    const fetch: FetchLike = (url, init) => {
      const parsed = new URL(url);
      if (parsed.hostname !== REMOTE_HOST) return (asked.push(url), Promise.reject(new TypeError('fetch failed')));
      return globalThis.fetch(`http://127.0.0.1:${parsed.port}${parsed.pathname}${parsed.search}`, init);
    };

    function listWith(make: typeof universal.oauth): Promise<unknown> {
      const auth = make({ redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1/callback' }), fetch });
      return listToolsSettled(`https://${REMOTE_HOST}:${port}/mcp`, { auth, fetch });
    }

    it('resolves the authorization server host name and refuses the loopback address it resolves to, asking nothing there', async () => {
      asked.length = 0;
      const error = await listWith(nodeEntry.oauth);
      expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
      const refused = error as UrlRefusedError;
      expect(refused.addressKind).toBe('loopback');
      // The refused address is what `localhost` resolved to, not the name itself: the guard resolved it.
      expect(['127.0.0.1', '::1']).toContain(refused.address);
      expect(requests).toEqual(['/mcp', '/prm']);
      expect(asked).toEqual([]);
    });

    it('while the universal build checks the literal host name only', async () => {
      asked.length = 0;
      const error = await listWith(universal.oauth);
      expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as UrlRefusedError).address).toBe('localhost');
      expect(requests).toEqual(['/mcp', '/prm']);
    });
  });
});
