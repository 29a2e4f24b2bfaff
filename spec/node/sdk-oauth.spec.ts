// sdkOAuth: an official SDK OAuthClientProvider, with the SDK's own `auth` function running the flow, authorizes
// rxmcp's Streamable HTTP transport against the OAuth fixtures (a real authorization server and the MCP server it
// protects, spec/support/routes/300-auth*.cjs).
import { auth as v1Auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationFull, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { lastValueFrom } from 'rxjs';
import { createClient, streamableHttp } from '../../src/index.js';
import { AuthError, sdkOAuth, UrlRefusedError, type SdkOAuth } from '../../src/auth/index.js';
import { createTenant, type Tenant, type TenantConfig } from '../helpers/auth-fixtures.js';

/** An SDK provider keeping everything in memory, as an app would for the SDK's own transports. */
class MemoryProvider implements OAuthClientProvider {
  savedTokens: OAuthTokens | undefined;
  client: OAuthClientInformationFull | undefined;
  verifier = '';
  redirects: URL[] = [];
  onRedirect: (url: URL) => void = () => undefined;

  constructor(private readonly callback: string) {}

  get redirectUrl(): string {
    return this.callback;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'sdk-provider', redirect_uris: [this.callback], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  clientInformation(): OAuthClientInformationFull | undefined {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationFull): void {
    this.client = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.savedTokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.redirects.push(url);
    this.onRedirect(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

/** Follows the authorization URL as a browser would (the fixture approves at once) and hands back the callback. */
async function userApproves(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the authorization server answered ${response.status} without a redirect`);
  return new URL(location, url).href;
}

async function setUp(config: TenantConfig = {}): Promise<{ tenant: Tenant; provider: MemoryProvider; auth: SdkOAuth; waits: boolean[] }> {
  const tenant = await createTenant(config);
  const provider = new MemoryProvider(`${tenant.origin}/__rxmcp/auth/callback`);
  const auth = sdkOAuth(provider, { auth: v1Auth });
  const waits: boolean[] = [];
  auth.waitingForUser$.subscribe((waiting) => waits.push(waiting));
  provider.onRedirect = (url) => {
    // The app's redirect handler: the user signs in elsewhere, and the app passes the callback on later.
    void userApproves(url).then((callback) => auth.finishAuth(callback)).catch(() => undefined);
  };
  return { tenant, provider, auth, waits };
}

describe('sdkOAuth: an official SDK OAuthClientProvider authorizing rxmcp', () => {
  it("runs the SDK's flow on the first 401, waits for the user, and repeats the refused request with the token", async () => {
    const { tenant, provider, auth, waits } = await setUp();
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    try {
      const tools = await lastValueFrom(client.listTools());
      expect(tools.map((tool) => tool.name)).toContain('echo');
      // The SDK discovers again when it redeems the code: the order of the first steps is what counts.
      const types = (await tenant.log()).map((event) => event.type).filter((type) => type !== 'prm' && type !== 'as-metadata');
      expect(types.slice(0, 5)).toEqual(['mcp', 'register', 'authorize', 'token', 'issued']);
      expect((await tenant.events('token')).map((event) => event['grantType'])).toEqual(['authorization_code']);
      expect(provider.redirects.length).toBe(1);
      expect(provider.client?.client_id).toBeDefined();
      expect(provider.savedTokens?.access_token).toBeDefined();
      expect(waits).toEqual([false, true, false]);
      const [refused, ...authorized] = await tenant.events('mcp');
      expect([refused?.['scheme'], refused?.['known']]).toEqual(['none', false]);
      expect(authorized.length).toBeGreaterThan(0);
      expect(authorized.every((event) => event['scheme'] === 'Bearer' && event['known'] === true)).toBeTrue();
    } finally {
      client.close();
    }
  });

  it('sends the stored token from the start: no flow when the provider already has one', async () => {
    const { tenant, provider, auth } = await setUp();
    const first = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    await lastValueFrom(first.listTools());
    first.close();
    const before = (await tenant.events('token')).length;
    const second = createClient(streamableHttp(tenant.urls.mcp, { auth: sdkOAuth(provider, { auth: v1Auth }) }), { timeout: { firstMs: 10_000 } });
    try {
      expect((await lastValueFrom(second.listTools())).length).toBeGreaterThan(0);
      expect((await tenant.events('token')).length).toBe(before);
      expect(provider.redirects.length).toBe(1);
    } finally {
      second.close();
    }
  });

  it('refreshes through the SDK when the access token was revoked', async () => {
    const { tenant, provider, auth } = await setUp();
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    try {
      await lastValueFrom(client.listTools());
      const old = provider.savedTokens?.access_token;
      await tenant.expire();
      await lastValueFrom(client.listTools());
      expect(provider.savedTokens?.access_token).not.toBe(old);
      expect(provider.redirects.length).toBe(1);
      expect((await tenant.events('token')).map((event) => event['grantType'])).toEqual(['authorization_code', 'refresh_token']);
    } finally {
      client.close();
    }
  });

  it('fails the waiting request with an AuthError when the user denies, naming the OAuth error', async () => {
    const { tenant, auth } = await setUp({ deny: true });
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    try {
      const error = await lastValueFrom(client.listTools()).catch((e: unknown) => e);
      expect(AuthError.is(error)).toBeTrue();
      expect((error as AuthError).reason).toBe('authorization-denied');
      expect((error as AuthError).oauthError).toBe('access_denied');
    } finally {
      client.close();
    }
  });

  it("turns the SDK flow's own failure into an AuthError with reason provider, keeping the cause", async () => {
    const { tenant, auth } = await setUp({ dcr: false });
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    try {
      const error = await lastValueFrom(client.listTools()).catch((e: unknown) => e);
      expect(AuthError.is(error)).toBeTrue();
      expect((error as AuthError).reason).toBe('provider');
      expect((error as AuthError).cause).toBeInstanceOf(Error);
    } finally {
      client.close();
    }
  });

  it("refuses, through the SDK's flow, an authorization server on a private address, and sends it nothing", async () => {
    const tenant = await createTenant({ authorizationServers: ['https://10.0.0.5/as'] });
    const provider = new MemoryProvider(`${tenant.origin}/__rxmcp/auth/callback`);
    const urls: string[] = [];
    // Only the fixture's origin is ever asked: anything else fails here, whatever the guard does.
    const fetch = (url: string | URL, init?: RequestInit): Promise<Response> =>
      (urls.push(String(url)), new URL(url).origin === tenant.origin ? globalThis.fetch(url, init) : Promise.reject(new TypeError('fetch failed')));
    const auth = sdkOAuth(provider, { auth: v1Auth, fetch });
    const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
    try {
      const error = await lastValueFrom(client.listTools()).catch((e: unknown) => e);
      expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as UrlRefusedError).rule).toBe('private address 10.0.0.5 (RFC 1918)');
      expect(urls.filter((url) => url.includes('10.0.0.5'))).toEqual([]);
    } finally {
      client.close();
    }
  });
});
