import { lastValueFrom, toArray } from 'rxjs';
import { authorizationCode, prepareAuthorization, type PendingAuthorization } from '../../src/auth/authorization-code.js';
import { AuthError } from '../../src/auth/errors.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { memoryStorage } from '../../src/auth/storage.js';
import type { AuthState, OAuthOptions, OAuthProvider } from '../../src/auth/types.js';
import { secureUrl } from '../../src/auth/urls.js';
import { authorizedFetch } from '../../src/transport/internal/http-auth.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import type { HttpAuth } from '../../src/transport/streamable-http-auth.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant, type TenantConfig } from '../helpers/auth-fixtures.js';
import { listToolsSettled } from '../helpers/list-tools-settled.js';

const callback = (tenant: Tenant) => `${tenant.origin}/__rxmcp/auth/callback`;

function providerFor(tenant: Tenant, options: OAuthOptions = {}): OAuthProvider {
  return oauth({ redirect: headlessRedirect({ redirectUri: callback(tenant) }), ...options });
}

function listWith(url: string, auth: OAuthProvider): Promise<unknown> {
  return listToolsSettled(url, { auth });
}

async function refusal(config: TenantConfig): Promise<{ tenant: Tenant; error: AuthError }> {
  const tenant = await createTenant(config);
  const error = await listWith(tenant.urls.mcp, providerFor(tenant));
  expect(AuthError.is(error)).withContext(String(error)).toBeTrue();
  return { tenant, error: error as AuthError };
}

/** Everything an error carries that a log line could show: message, name, fields and causes. */
function printable(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current !== undefined && current !== null; current = (current as { cause?: unknown }).cause) {
    parts.push(String(current), JSON.stringify(current), String((current as { stack?: unknown }).stack ?? ''));
  }
  return parts.join('\n');
}

const PING = { message: { jsonrpc: '2.0' as const, id: 7, method: 'ping' } };

describe('oauth security rules', () => {
  it('sends credentials only to the MCP server origin: other origins never see them, and auth is not even asked', async () => {
    const seen: Record<string, string>[] = [];
    const spy: FetchLike = async (_url, init) => {
      seen.push({ ...(init.headers as Record<string, string>) });
      return new Response('{}', { status: 200 });
    };
    const asked: string[] = [];
    const auth: HttpAuth = {
      headers: (request) => (asked.push(request.url), Promise.resolve({ authorization: 'Bearer t0ken' })),
      challenge: () => Promise.resolve(undefined),
    };
    const fetch = authorizedFetch(spy, auth, 'https://mcp.example/mcp');
    await fetch('https://other.example/mcp', { method: 'POST', headers: { 'content-type': 'application/json' } });
    await fetch('https://mcp.example/mcp', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(seen.map((headers) => headers['authorization'])).toEqual([undefined, 'Bearer t0ken']);
    expect(asked).toEqual(['https://mcp.example/mcp']);
  });

  it('never carries credentials across a redirect to another origin', async () => {
    const tenant = await createTenant();
    const auth = providerFor(tenant);
    await listWith(tenant.urls.mcp, auth);
    await tenant.configure({ redirect: 'cross' });
    const frames = await lastValueFrom(streamableHttp(tenant.urls.mcp, { auth }).exchange(PING).pipe(toArray()));
    expect((frames[0]?.message as { id?: number }).id).toBe(7);
    const [redirected] = await tenant.events('redirected');
    expect(redirected?.['authorization']).toBeTrue();
    const sink = await tenant.events('sink');
    expect(sink.length).toBe(1);
    expect(sink[0]?.['authorization']).toBeUndefined();
    expect(sink[0]?.['dpop']).toBeUndefined();
  });

  it('keeps credentials on a redirect within the origin (fresh ones for the new URL)', async () => {
    const tenant = await createTenant();
    const tools = await listWith(`${tenant.urls.mcp}/moved`, providerFor(tenant));
    expect(Array.isArray(tools)).withContext(String(tools)).toBeTrue();
    const mcp = await tenant.events('mcp');
    expect(mcp.at(-1)?.['known']).toBeTrue();
  });

  it('accepts only https URLs for authorization, and http only to loopback hosts', () => {
    for (const ok of ['https://as.example/x', 'http://localhost:8080/x', 'http://127.0.0.1/x', 'http://[::1]:9/x', 'http://a.localhost/x']) {
      expect(secureUrl(ok, 'URL').href).toBe(new URL(ok).href);
    }
    for (const bad of ['http://as.example/x', 'http://localhost.evil.example/x', 'http://128.0.0.1/x', 'ftp://as.example/x']) {
      expect(() => secureUrl(bad, 'URL')).toThrowMatching((error: unknown) => (error as AuthError).reason === 'insecure-url');
    }
    expect(() => secureUrl('https://as.example/x#frag', 'URL')).toThrowError(AuthError);
  });

  it('refuses an authorization server that is not https before sending it anything', async () => {
    const tenant = await createTenant({ authorizationServers: ['http://as.example'] });
    const urls: string[] = [];
    const fetch: FetchLike = (url, init) => (urls.push(url), globalThis.fetch(url, init));
    const error = await listWith(tenant.urls.mcp, providerFor(tenant, { fetch }));
    expect((error as AuthError).reason).toBe('insecure-url');
    expect(urls.some((url) => url.includes('as.example'))).toBeFalse();
  });

  it('refuses protected resource metadata for another resource, before any authorization', async () => {
    const { tenant, error } = await refusal({ prmResource: 'https://evil.example/mcp' });
    expect(error.reason).toBe('resource-mismatch');
    expect(await tenant.events('as-metadata')).toEqual([]);
    expect(await tenant.events('authorize')).toEqual([]);
  });

  it('refuses authorization server metadata naming another issuer, and uses none of its endpoints', async () => {
    const { tenant, error } = await refusal({ metadataIssuer: 'https://attacker.example' });
    expect(error.reason).toBe('issuer-mismatch');
    expect(await tenant.events('register')).toEqual([]);
    expect(await tenant.events('authorize')).toEqual([]);
  });

  it('refuses an authorization response from another issuer, or without the iss the server promised', async () => {
    for (const config of [{ iss: 'wrong' }, { iss: 'omit', issSupported: true }, { iss: 'wrong', issSupported: null }]) {
      const { tenant, error } = await refusal(config);
      expect(error.reason).withContext(JSON.stringify(config)).toBe('invalid-response');
      expect(await tenant.events('token')).toEqual([]);
    }
  });

  it('accepts a response without iss when the server does not advertise it', async () => {
    const tenant = await createTenant({ iss: 'omit', issSupported: null });
    expect(Array.isArray(await listWith(tenant.urls.mcp, providerFor(tenant)))).toBeTrue();
  });

  it('refuses a callback whose state is not the request state, whatever else it carries', () => {
    const pending: PendingAuthorization = {
      state: 'expected-state', verifier: 'v', issuer: 'https://as.example', issSupported: true, serverUrl: 'https://m.example/mcp',
      resource: 'https://m.example/mcp', redirectUri: 'https://app.example/cb', clientId: 'c', scope: undefined,
    };
    const params = new URLSearchParams({ state: 'other-state', code: 'c0de', iss: 'https://as.example' });
    expect(() => authorizationCode(pending, params)).toThrowMatching((error: unknown) => (error as AuthError).reason === 'invalid-response');
    expect(authorizationCode(pending, new URLSearchParams({ state: 'expected-state', code: 'c0de', iss: 'https://as.example' }))).toBe('c0de');
  });

  it('refuses to authorize where PKCE S256 is not advertised', async () => {
    const server = { issuer: 'https://as.example', defaults: false, metadata: { issuer: 'https://as.example', authorization_endpoint: 'https://as.example/authorize', code_challenge_methods_supported: ['plain'] } };
    const client = { issuer: server.issuer, clientId: 'c', method: 'none' as const, source: 'registered' as const };
    const target = { serverUrl: 'https://m.example/mcp', resource: 'https://m.example/mcp', scope: undefined, redirectUri: 'https://app.example/cb' };
    await expectAsync(prepareAuthorization(server, client, target)).toBeRejectedWith(jasmine.objectContaining({ reason: 'unsupported' }));
  });

  it('never puts codes, verifiers or client secrets in errors, even when the server echoes them', async () => {
    const tenant = await createTenant({ echoSecrets: true, authMethods: ['client_secret_post'], dcr: false });
    const auth = providerFor(tenant, { client: { clientId: 'confidential', clientSecret: 'the-client-secret-value' } });
    const states: AuthState[] = [];
    auth.state$.subscribe((state) => states.push(state));
    const error = await listWith(tenant.urls.mcp, auth);
    expect((error as AuthError).reason).toBe('token');
    const params = (await tenant.events('token'))[0]?.['params'] as Record<string, string>;
    const text = printable(error) + JSON.stringify(states.map((state) => ({ ...state, error: printable(state.error) })));
    for (const secret of [params['code'], params['code_verifier'], 'the-client-secret-value']) {
      expect(secret?.length).toBeGreaterThan(4);
      expect(text.includes(secret as string)).withContext('a secret leaked').toBeFalse();
    }
    expect(text).toContain('[redacted]');
  });

  it('never puts access or refresh tokens in states or errors', async () => {
    const tenant = await createTenant({ scopes: { default: ['mcp'] } });
    const auth = providerFor(tenant);
    const states: AuthState[] = [];
    auth.state$.subscribe((state) => states.push(state));
    await listWith(tenant.urls.mcp, auth);
    await tenant.configure({ forbidAlways: true });
    const error = await listWith(tenant.urls.mcp, auth);
    expect((error as AuthError).reason).toBe('rejected');
    const text = printable(error) + JSON.stringify(states.map((state) => ({ ...state, error: printable(state.error) })));
    const issued = await tenant.events('issued');
    expect(issued.length).toBeGreaterThan(1);
    for (const event of issued) {
      expect(text.includes(event['accessToken'] as string)).toBeFalse();
      expect(text.includes(event['refreshToken'] as string)).toBeFalse();
    }
  });

  it('never sends a token to another server: a provider serves one server, and another one starts without', async () => {
    const first = await createTenant();
    const second = await createTenant();
    const storage = memoryStorage();
    const auth = providerFor(first, { storage });
    expect(Array.isArray(await listWith(first.urls.mcp, auth))).toBeTrue();
    const error = await listWith(second.urls.mcp, auth);
    expect((error as AuthError).reason).toBe('wrong-server');
    expect(await second.log()).toEqual([]);
    await listWith(second.urls.mcp, providerFor(second, { storage }));
    expect((await second.events('mcp'))[0]?.['scheme']).toBe('none');
  });
});
