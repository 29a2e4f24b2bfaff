import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { AuthError } from '../../src/auth/errors.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import type { OAuthOptions } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, queryOf, type TenantConfig } from '../helpers/auth-fixtures.js';

async function setup(config: TenantConfig, options: OAuthOptions = {}) {
  const tenant = await createTenant(config);
  const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }), ...options });
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  const scopes = async () => (await tenant.events('authorize')).map((event) => queryOf(event)['scope']);
  return { tenant, client, scopes };
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('oauth, step-up authorization (403 insufficient_scope)', () => {
  it('re-authorizes with the union of the scopes it had and the ones challenged, then retries', async () => {
    const { client, scopes } = await setup({ scopes: { default: ['mcp:read'], 'tools/call': ['mcp:write'] } });
    await lastValueFrom(client.listTools());
    const result = await lastValueFrom(client.callTool('echo', { text: 'hi' }));
    expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(await scopes()).toEqual(['mcp:read', 'mcp:read mcp:write']);
    client.close();
  });

  it('gives up after two re-authorizations for the same scope, with AuthError(rejected), and does not loop later', async () => {
    const { tenant, client } = await setup({ scopes: { default: ['mcp:admin'] }, forbidAlways: true });
    const first = await failure(lastValueFrom(client.listTools()));
    expect(AuthError.is(first)).toBeTrue();
    expect((first as AuthError).reason).toBe('rejected');
    expect((await tenant.events('authorize')).length).toBe(3);
    const second = await failure(lastValueFrom(client.listTools()));
    expect((second as AuthError).reason).toBe('rejected');
    expect((await tenant.events('authorize')).length).toBe(3);
    client.close();
  });

  it('takes its limit from maxStepUps (0: never steps up)', async () => {
    const { tenant, client } = await setup({ scopes: { default: ['mcp:admin'] }, forbidAlways: true }, { maxStepUps: 0 });
    expect(((await failure(lastValueFrom(client.listTools()))) as AuthError).reason).toBe('rejected');
    expect((await tenant.events('authorize')).length).toBe(1);
    client.close();
  });

  it('passes a 403 that is not about scope to the transport as it is', async () => {
    const tenant = await createTenant();
    const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }) });
    const response = { status: 403, headers: new Headers({ 'www-authenticate': 'Bearer error="invalid_token"' }) };
    const request = { method: 'POST', url: tenant.urls.mcp, serverUrl: tenant.urls.mcp, protocolVersion: undefined, retries: [] };
    expect(await auth.challenge(request, response)).toBeUndefined();
    expect(await tenant.events('authorize')).toEqual([]);
  });
});
