import { connect } from 'node:net';
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import type { AuthError } from '../../src/auth/errors.js';
import { loopbackRedirect, type LoopbackRedirectOptions } from '../../src/auth/node/loopback-redirect.js';
import { oauth } from '../../src/auth/provider.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant } from '../helpers/auth-fixtures.js';

async function listWith(tenant: Tenant, options: LoopbackRedirectOptions): Promise<unknown> {
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth: oauth({ redirect: loopbackRedirect(options) }) }), { timeout: false });
  try {
    return (await lastValueFrom(client.listTools())).map((tool) => tool.name);
  } catch (error) {
    return error;
  } finally {
    client.close();
  }
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('loopbackRedirect (rxmcp/node)', () => {
  it('receives the redirect on a one-shot listener on 127.0.0.1, answers a page without the code, and stops', async () => {
    const tenant = await createTenant();
    const pages: string[] = [];
    const result = await listWith(tenant, {
      open: async (url) => void pages.push(await (await fetch(url, { redirect: 'follow' })).text()),
    });
    expect(result).toContain('echo');
    const [register] = await tenant.events('register');
    const body = register?.['body'] as { redirect_uris: string[]; application_type: string };
    const redirectUri = new URL(body.redirect_uris[0]!);
    expect(redirectUri.hostname).toBe('127.0.0.1');
    expect(redirectUri.pathname).toBe('/callback');
    expect(body.application_type).toBe('native');
    expect(pages[0]).toContain('Authorization complete');
    expect(pages[0]).not.toContain('code');
    expect(await listening(Number(redirectUri.port))).toBeFalse();
  });

  it('answers 404 to requests without the expected state and keeps waiting for the right one', async () => {
    const tenant = await createTenant();
    const statuses: number[] = [];
    const result = await listWith(tenant, {
      path: '/oauth/done',
      open: async (url) => {
        const redirectUri = new URL(new URL(url).searchParams.get('redirect_uri')!);
        statuses.push((await fetch(`${redirectUri.href}?code=forged&state=forged`)).status);
        statuses.push((await fetch(url, { redirect: 'follow' })).status);
      },
    });
    expect(result).toContain('echo');
    expect(statuses).toEqual([404, 200]);
  });

  it('gives up with AuthError(interaction) when the user does not come back in time, and stops listening', async () => {
    const tenant = await createTenant();
    let port = 0;
    const error = await listWith(tenant, {
      timeoutMs: 100,
      open: (url) => void (port = Number(new URL(new URL(url).searchParams.get('redirect_uri')!).port)),
    });
    expect((error as AuthError).reason).toBe('interaction');
    expect(await listening(port)).toBeFalse();
  });
});
