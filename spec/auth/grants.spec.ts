import { asyncScheduler, lastValueFrom, type SchedulerLike } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { oauth } from '../../src/auth/provider.js';
import type { OAuthOptions } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant, type TenantConfig } from '../helpers/auth-fixtures.js';
import { decodeJws, es256KeyPair, verifiesEs256 } from '../helpers/auth-jws.js';

async function run(config: TenantConfig, options: (tenant: Tenant) => OAuthOptions, calls = 1) {
  const tenant = await createTenant(config);
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth: oauth(options(tenant)) }), { timeout: { firstMs: 10_000 } });
  for (let i = 0; i < calls; i++) await lastValueFrom(client.listTools());
  client.close();
  return tenant;
}

const paramsOf = (event: Record<string, unknown> | undefined) => event?.['params'] as Record<string, string>;

describe('oauth, machine-to-machine grants', () => {
  it('client credentials with client_secret_basic: no user, no registration, the resource in the request', async () => {
    const tenant = await run({ authMethods: ['client_secret_basic'], dcr: false }, () => ({
      grant: { type: 'client_credentials' },
      client: { clientId: 'machine', clientSecret: 'machine-secret' },
    }));
    const [token] = await tenant.events('token');
    expect(token?.['grantType']).toBe('client_credentials');
    expect(token?.['clientAuth']).toBe('client_secret_basic');
    expect(paramsOf(token)['resource']).toBe(tenant.urls.mcp);
    expect(await tenant.events('authorize')).toEqual([]);
    expect(await tenant.events('register')).toEqual([]);
  });

  it('client credentials with private_key_jwt: a signed assertion for the issuer', async () => {
    const { pair, pem } = await es256KeyPair();
    const tenant = await run({ authMethods: ['private_key_jwt'], dcr: false }, () => ({
      grant: { type: 'client_credentials' },
      client: { clientId: 'machine', privateKey: pem, signingAlgorithm: 'ES256' },
    }));
    const [token] = await tenant.events('token');
    expect(token?.['clientAuth']).toBe('private_key_jwt');
    const assertion = paramsOf(token)['client_assertion']!;
    expect(await verifiesEs256(assertion, pair.publicKey)).toBeTrue();
    expect(decodeJws(assertion).payload).toEqual(jasmine.objectContaining({ iss: 'machine', sub: 'machine', aud: tenant.urls.issuer }));
  });

  it('gets a new client credentials token when the old one expired, without being refused first', async () => {
    let now = Date.now();
    const scheduler: SchedulerLike = { now: () => now, schedule: asyncScheduler.schedule.bind(asyncScheduler) as SchedulerLike['schedule'] };
    const tenant = await createTenant({ authMethods: ['client_secret_post'], dcr: false, refreshTokens: false, tokenLifetime: 60 });
    const auth = oauth({ grant: { type: 'client_credentials' }, client: { clientId: 'm', clientSecret: 's' }, scheduler });
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    await lastValueFrom(client.listTools());
    now += 120_000;
    await lastValueFrom(client.listTools());
    client.close();
    expect((await tenant.events('token')).map((event) => event['grantType'])).toEqual(['client_credentials', 'client_credentials']);
    expect((await tenant.events('mcp')).filter((event) => event['scheme'] === 'none').length).toBe(1);
  });

  it('JWT bearer (workload identity): the workload token as the assertion, client_id in the body', async () => {
    const tenant = await run({ dcr: false }, () => ({
      grant: { type: 'jwt_bearer', assertion: () => 'workload.jwt.value' },
      client: { clientId: 'workload' },
    }));
    const [token] = await tenant.events('token');
    expect(token?.['grantType']).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(paramsOf(token)).toEqual(jasmine.objectContaining({ assertion: 'workload.jwt.value', client_id: 'workload', resource: tenant.urls.mcp }));
  });

  it('enterprise-managed: token exchange at the IdP for an ID-JAG, then the JWT bearer grant with it', async () => {
    const tenant = await run({ authMethods: ['client_secret_basic'], dcr: false }, (t) => ({
      grant: { type: 'enterprise', idToken: () => 'user.id.token', idpTokenEndpoint: `${t.origin}/__rxmcp/auth/t/${t.id}/idp/token`, idpClientId: 'idp-client' },
      client: { clientId: 'mcp-client', clientSecret: 'mcp-secret' },
    }));
    const [exchange] = await tenant.events('idp-token');
    expect(paramsOf(exchange)).toEqual(jasmine.objectContaining({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'user.id.token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: tenant.urls.issuer,
      resource: tenant.urls.mcp,
      client_id: 'idp-client',
    }));
    const [token] = await tenant.events('token');
    expect(token?.['clientAuth']).toBe('client_secret_basic');
    expect(paramsOf(token)['assertion']).toMatch(/^id-jag-/);
  });
});
