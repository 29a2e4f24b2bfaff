import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import type { Client } from '../../src/client/client-types.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import type { AuthState, OAuthOptions } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, queryOf, type Tenant, type TenantConfig } from '../helpers/auth-fixtures.js';

/** A client of `tenant`'s MCP server behind an `oauth` provider with a headless redirect. */
function clientOf(tenant: Tenant, options: OAuthOptions = {}) {
  const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }), ...options });
  const states: AuthState[] = [];
  auth.state$.subscribe((state) => states.push(state));
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  return { auth, client, states };
}

async function toolNames(client: Client): Promise<string[]> {
  return (await lastValueFrom(client.listTools())).map((tool) => tool.name);
}

async function authorizedTenant(config: TenantConfig = {}, options: OAuthOptions = {}) {
  const tenant = await createTenant(config);
  const parts = clientOf(tenant, options);
  expect(await toolNames(parts.client)).toContain('echo');
  return { tenant, ...parts };
}

describe('oauth, the authorization code flow against a real authorization server', () => {
  it('discovers, registers, authorizes with PKCE S256 and state, and retries the refused request once', async () => {
    const { tenant, client } = await authorizedTenant();
    const types = (await tenant.log()).map((event) => event.type);
    expect(types.slice(0, 7)).toEqual(['mcp', 'prm', 'as-metadata', 'register', 'authorize', 'token', 'issued']);
    const [authorize] = await tenant.events('authorize');
    const query = queryOf(authorize!);
    expect(query['code_challenge_method']).toBe('S256');
    expect(query['code_challenge']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query['state']).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(query['response_type']).toBe('code');
    expect(query['resource']).toBe(tenant.urls.mcp);
    const [token] = await tenant.events('token');
    const params = token!['params'] as Record<string, string>;
    expect(params['resource']).toBe(tenant.urls.mcp);
    expect(params['code_verifier']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params['redirect_uri']).toBe(query['redirect_uri']);
    const mcp = await tenant.events('mcp');
    expect(mcp[0]!['scheme']).toBe('none');
    expect(mcp.slice(1).every((event) => event['scheme'] === 'Bearer' && event['known'] === true)).toBeTrue();
    client.close();
  });

  it('registers dynamically with application_type, its redirect URI and the refresh_token grant', async () => {
    const { tenant, client } = await authorizedTenant({}, { clientMetadata: { client_name: 'spec client' } });
    const [register] = await tenant.events('register');
    const body = register!['body'] as Record<string, unknown>;
    expect(body['application_type']).toBe('native');
    expect(body['client_name']).toBe('spec client');
    expect(body['redirect_uris']).toEqual([`${tenant.origin}/__rxmcp/auth/callback`]);
    expect(body['grant_types']).toEqual(['authorization_code', 'refresh_token']);
    expect(body['token_endpoint_auth_method']).toBe('none');
    client.close();
  });

  it('uses its client ID metadata document instead of registering when the server supports it', async () => {
    const url = 'https://client.example/metadata.json';
    const { tenant, client } = await authorizedTenant({ cimd: true }, { clientMetadataUrl: url });
    expect(await tenant.events('register')).toEqual([]);
    expect(queryOf((await tenant.events('authorize'))[0]!)['client_id']).toBe(url);
    client.close();
  });

  it('prefers pre-registered credentials and authenticates with client_secret_basic when that is what the server takes', async () => {
    const { tenant, client } = await authorizedTenant(
      { authMethods: ['client_secret_basic'], dcr: false },
      { client: { clientId: 'pre-registered', clientSecret: 's3cret value' } },
    );
    const [token] = await tenant.events('token');
    expect(token!['clientAuth']).toBe('client_secret_basic');
    expect(token!['clientId']).toBe('pre-registered');
    expect(await tenant.events('register')).toEqual([]);
    client.close();
  });

  it('asks for the challenged scope, else every scope the metadata lists, else none', async () => {
    const challenged = await authorizedTenant({ scopes: { default: ['mcp:read'] }, scopesSupported: ['a', 'b'] });
    expect(queryOf((await challenged.tenant.events('authorize'))[0]!)['scope']).toBe('mcp:read');
    const listed = await authorizedTenant({ scopesSupported: ['a', 'b'] });
    expect(queryOf((await listed.tenant.events('authorize'))[0]!)['scope']).toBe('a b');
    const none = await authorizedTenant();
    expect(Object.keys(queryOf((await none.tenant.events('authorize'))[0]!))).not.toContain('scope');
    for (const { client } of [challenged, listed, none]) client.close();
  });

  it('asks for offline_access only when the authorization server lists it', async () => {
    const listed = await authorizedTenant({ scopesSupported: ['mcp'], asScopesSupported: ['mcp', 'offline_access'] });
    expect(queryOf((await listed.tenant.events('authorize'))[0]!)['scope']).toBe('mcp offline_access');
    const unlisted = await authorizedTenant({ scopesSupported: ['mcp'], asScopesSupported: ['mcp'] });
    expect(queryOf((await unlisted.tenant.events('authorize'))[0]!)['scope']).toBe('mcp');
    listed.client.close();
    unlisted.client.close();
  });

  it('finds the metadata at the well-known locations when the challenge does not name it', async () => {
    const { tenant, client } = await authorizedTenant({ resourceMetadataInHeader: false });
    expect((await tenant.events('prm')).length).toBe(1);
    client.close();
  });

  it('reports authorizing, waiting for the user and authorized on state$, and what it waited for', async () => {
    const { tenant, client, states } = await authorizedTenant();
    expect(states.map((state) => state.status)).toEqual(['idle', 'authorizing', 'waiting-for-user', 'authorizing', 'authorized']);
    const waiting = states.find((state) => state.status === 'waiting-for-user');
    expect(waiting?.issuer).toBe(tenant.urls.issuer);
    expect(waiting?.authorizationUrl?.startsWith(`${tenant.urls.issuer}/authorize?`)).toBeTrue();
    client.close();
  });

  it('keeps using the token: later requests are not refused and not re-authorized', async () => {
    const { tenant, client } = await authorizedTenant();
    await toolNames(client);
    await toolNames(client);
    expect((await tenant.events('authorize')).length).toBe(1);
    expect((await tenant.events('mcp')).filter((event) => event['scheme'] === 'none').length).toBe(1);
    client.close();
  });

  it('fails with AuthError(authorization-denied) when the user declines, without a token request', async () => {
    const tenant = await createTenant({ deny: true });
    const { client, states } = clientOf(tenant);
    const error = await toolNames(client).catch((failure: unknown) => failure);
    expect((error as { name?: string }).name).toBe('AuthError');
    expect((error as { reason?: string }).reason).toBe('authorization-denied');
    expect((error as { oauthError?: string }).oauthError).toBe('access_denied');
    expect(await tenant.events('token')).toEqual([]);
    expect(states.at(-1)?.status).toBe('failed');
    client.close();
  });
});
