import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { browserRedirect } from '../../src/auth/browser-redirect.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { memoryStorage, webStorage, type WebStorageLike } from '../../src/auth/storage.js';
import type { AuthStorage, OAuthProvider } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant } from '../helpers/auth-fixtures.js';

/** A DOM Storage stand-in (the page's localStorage is shared by every spec of the run). */
function fakeStorage(): WebStorageLike & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

async function listWith(tenant: Tenant, auth: OAuthProvider): Promise<string[]> {
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  try {
    return (await lastValueFrom(client.listTools())).map((tool) => tool.name);
  } finally {
    client.close();
  }
}

describe('oauth storage', () => {
  it('memoryStorage and webStorage keep, give back and forget values (webStorage under its prefix)', async () => {
    const dom = fakeStorage();
    for (const storage of [memoryStorage(), webStorage(dom, 'p.')] as AuthStorage[]) {
      await storage.set('k', 'v');
      expect(await storage.get('k')).toBe('v');
      await storage.delete('k');
      expect(await storage.get('k') ?? undefined).toBeUndefined();
    }
    await webStorage(dom, 'p.').set('k', 'v');
    expect([...dom.items.keys()]).toEqual(['p.k']);
  });

  it('lets a second provider on the same storage use the tokens without authorizing again', async () => {
    const tenant = await createTenant();
    const storage = webStorage(fakeStorage());
    const redirect = headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` });
    await listWith(tenant, oauth({ redirect, storage }));
    const again = oauth({ redirect, storage });
    expect(await listWith(tenant, again)).toContain('echo');
    expect((await tenant.events('authorize')).length).toBe(1);
    expect(await again.hasTokens()).toBeTrue();
    await again.signOut();
    expect(await again.hasTokens()).toBeFalse();
  });

  it('finishes a full-page redirect on the next page: completeAuthorization with the callback URL', async () => {
    const tenant = await createTenant();
    const storage = webStorage(fakeStorage());
    const left: string[] = [];
    const redirectUri = `${tenant.origin}/__rxmcp/auth/callback`;
    const before = oauth({ redirect: browserRedirect({ redirectUri, navigate: (url) => void left.push(url) }), storage });
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth: before }), { timeout: false });
    const pending = lastValueFrom(client.listTools());
    const waiting: boolean[] = [];
    before.waitingForUser$.subscribe((value) => waiting.push(value));
    for (let i = 0; i < 100 && left.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(left.length).toBe(1);
    expect(waiting.at(-1)).toBeTrue();
    const visited = await fetch(left[0]!, { redirect: 'follow' });
    expect(visited.url.startsWith(`${redirectUri}?`)).toBeTrue();
    client.close();
    void pending.catch(() => undefined);
    const after = oauth({ redirect: browserRedirect({ redirectUri }), storage });
    await after.completeAuthorization(visited.url);
    await expectAsync(after.completeAuthorization(visited.url)).toBeRejectedWith(jasmine.objectContaining({ reason: 'invalid-response' }));
    expect(await listWith(tenant, after)).toContain('echo');
    expect((await tenant.events('authorize')).length).toBe(1);
  });
});
