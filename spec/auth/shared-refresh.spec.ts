// Providers that share a token store (in one process, or in tabs sharing localStorage) while the authorization
// server rotates refresh tokens (the fixtures make a used refresh token answer invalid_grant).
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { memoryStorage, webStorage, type WebStorageLike } from '../../src/auth/storage.js';
import type { AuthStorage, OAuthOptions } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant } from '../helpers/auth-fixtures.js';
import { until } from '../helpers/until.js';
import { manualClock } from '../helpers/manual-clock.js';

const refreshes = async (tenant: Tenant) =>
  (await tenant.events('token')).filter((event) => event['grantType'] === 'refresh_token').length;

function clientWith(tenant: Tenant, options: OAuthOptions) {
  const auth = oauth(options);
  return { auth, client: createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } }) };
}

const redirectOf = (tenant: Tenant) => headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` });

/** A `localStorage` stand-in that several `webStorage`s (tabs) share. */
function sharedWebStorage(): WebStorageLike & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const storedRefreshToken = (values: Map<string, string>): unknown => {
  const entry = [...values].find(([key]) => key.includes('tokens '));
  return entry === undefined ? undefined : (JSON.parse(entry[1]) as { refreshToken?: unknown }).refreshToken;
};

/**
 * A fetch that makes two tabs race: refresh requests go out only once `racers` of them were made (so all use
 * the same refresh token), and a refused one is answered once the store holds another refresh token (so the
 * refusal is handled after the accepted refresh was stored).
 */
function racingFetch(values: Map<string, string>, racers: number): typeof fetch {
  let sent = 0;
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (!body.includes('grant_type=refresh_token')) return fetch(input, init);
    sent += 1;
    await until(() => sent >= racers, 5000, 'the other refresh was not sent');
    const used = new URLSearchParams(body).get('refresh_token');
    const response = await fetch(input, init);
    if (response.status !== 200) await until(() => storedRefreshToken(values) !== used, 5000, 'no other tab stored tokens');
    return response;
  };
}

describe('oauth, providers sharing a token store while refresh tokens rotate', () => {
  it('two providers of one process on one storage refresh expired tokens with one request, and both keep working', async () => {
    const clock = manualClock();
    const tenant = await createTenant({ tokenLifetime: 600 });
    const storage: AuthStorage = memoryStorage();
    const a = clientWith(tenant, { redirect: redirectOf(tenant), storage, scheduler: clock });
    await lastValueFrom(a.client.listTools());
    const b = clientWith(tenant, { storage, scheduler: clock });
    await tenant.expire();
    await lastValueFrom(b.client.listTools()); // b is refused once and refreshes: both know the authorization server
    const before = await refreshes(tenant);
    clock.advance(600_000);

    const lists = await Promise.all([a.client, b.client, a.client, b.client].map((client) => lastValueFrom(client.listTools())));

    expect(lists.every((tools) => tools.length > 0)).toBeTrue();
    expect((await refreshes(tenant)) - before).toBe(1);
    expect((await tenant.events('authorize')).length).toBe(1);
    a.client.close();
    b.client.close();
  });

  it('a tab whose refresh rotation refused (invalid_grant) keeps and uses the tokens another tab stored, and nobody signs in again', async () => {
    const tenant = await createTenant();
    const local = sharedWebStorage();
    const racing = racingFetch(local.values, 2);
    const a = clientWith(tenant, { redirect: redirectOf(tenant), storage: webStorage(local), fetch: racing });
    await lastValueFrom(a.client.listTools());
    const b = clientWith(tenant, { storage: webStorage(local), fetch: racing });
    await lastValueFrom(b.client.listTools());
    await tenant.expire();

    const lists = await Promise.all([a.client, b.client].map((client) => lastValueFrom(client.listTools())));

    expect(lists.every((tools) => tools.length > 0)).toBeTrue();
    const tokenRequests = (await tenant.events('token')).filter((event) => event['grantType'] === 'refresh_token');
    expect(tokenRequests.length).withContext('refresh requests, one refused').toBe(2);
    expect((await tenant.events('authorize')).length).withContext('authorizations').toBe(1);
    const issued = await tenant.events('issued');
    expect(storedRefreshToken(local.values)).toBe(issued[issued.length - 1]?.['refreshToken']);
    expect(await b.auth.hasTokens()).toBeTrue();
    a.client.close();
    b.client.close();
  });
});
