import { lastValueFrom, type SchedulerLike } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant, type TenantConfig } from '../helpers/auth-fixtures.js';
import { manualClock } from '../helpers/manual-clock.js';

async function authorized(config: TenantConfig = {}, scheduler?: SchedulerLike) {
  const tenant = await createTenant(config);
  const auth = oauth({
    redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }),
    ...(scheduler === undefined ? {} : { scheduler }),
  });
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  await lastValueFrom(client.listTools());
  return { tenant, client };
}

const refreshes = async (tenant: Tenant) =>
  (await tenant.events('token')).filter((event) => event['grantType'] === 'refresh_token').length;

const listConcurrently = (client: ReturnType<typeof createClient>, times: number) =>
  Promise.all(Array.from({ length: times }, () => lastValueFrom(client.listTools())));

describe('oauth, refresh tokens', () => {
  it('refreshes once for any number of concurrent requests whose token the server refused', async () => {
    const { tenant, client } = await authorized();
    await tenant.expire();
    const lists = await listConcurrently(client, 5);
    expect(lists.every((tools) => tools.some((tool) => tool.name === 'echo'))).toBeTrue();
    expect(await refreshes(tenant)).toBe(1);
    expect((await tenant.events('authorize')).length).toBe(1);
    client.close();
  });

  it('refreshes a token that is about to expire before sending it, once, without being refused first', async () => {
    const clock = manualClock();
    const { tenant, client } = await authorized({ tokenLifetime: 600 }, clock);
    const refusedBefore = (await tenant.events('mcp')).filter((event) => event['scheme'] === 'none' || event['known'] === false).length;
    clock.advance(600_000 - 10_000);
    await listConcurrently(client, 4);
    expect(await refreshes(tenant)).toBe(1);
    const refusedAfter = (await tenant.events('mcp')).filter((event) => event['scheme'] === 'none' || event['known'] === false).length;
    expect(refusedAfter).toBe(refusedBefore);
    client.close();
  });

  it('treats a refused refresh (invalid_grant) as final: the user authorizes again, once', async () => {
    const { tenant, client } = await authorized();
    await tenant.configure({ refreshFails: true });
    await tenant.expire();
    await listConcurrently(client, 3);
    expect(await refreshes(tenant)).toBe(1);
    expect((await tenant.events('authorize')).length).toBe(2);
    client.close();
  });

  it('keeps the refresh token when the server does not rotate it, and uses the new one when it does', async () => {
    const { tenant, client } = await authorized();
    await tenant.expire();
    await lastValueFrom(client.listTools());
    await tenant.expire();
    await lastValueFrom(client.listTools());
    const used = (await tenant.events('token'))
      .filter((event) => event['grantType'] === 'refresh_token')
      .map((event) => (event['params'] as Record<string, string>)['refresh_token']);
    const issued = (await tenant.events('issued')).map((event) => event['refreshToken'] as string);
    expect(used).toEqual([issued[0], issued[1]]);
    client.close();
  });
});
