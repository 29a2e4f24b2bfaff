import { discoverAuthorizationServer, discoverResource, legacyAuthorizationServer } from '../../src/auth/discovery.js';
import type { AuthError } from '../../src/auth/errors.js';
import { authorizationServerLocations, canonicalResource, protectedResourceLocations, resourceCovers } from '../../src/auth/urls.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';

/** A fetch that serves `documents` by URL (404 otherwise) and records what was asked, with the headers. */
function documents(served: Readonly<Record<string, unknown>>) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetch: FetchLike = async (url, init) => {
    asked.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    const body = served[url];
    return body === undefined ? new Response('not found', { status: 404 }) : Response.json(body);
  };
  return { fetch, asked, urls: () => asked.map((entry) => entry.url) };
}

const reason = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: AuthError) => error.reason);

describe('authorization discovery', () => {
  it('looks for protected resource metadata path-based first, then at the root', () => {
    expect(protectedResourceLocations('https://m.example/public/mcp')).toEqual([
      'https://m.example/.well-known/oauth-protected-resource/public/mcp',
      'https://m.example/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceLocations('https://m.example/')).toEqual(['https://m.example/.well-known/oauth-protected-resource']);
  });

  it('looks for issuer metadata in the order of MCP 2025-11-25', () => {
    expect(authorizationServerLocations('https://as.example/tenant1')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant1',
      'https://as.example/.well-known/openid-configuration/tenant1',
      'https://as.example/tenant1/.well-known/openid-configuration',
    ]);
    expect(authorizationServerLocations('https://as.example')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server',
      'https://as.example/.well-known/openid-configuration',
    ]);
  });

  it('accepts a metadata resource that is the server URL or a leading part of its path, on the same origin', () => {
    expect(resourceCovers('https://m.example/mcp', 'https://m.example/mcp')).toBeTrue();
    expect(resourceCovers('https://m.example', 'https://m.example/mcp')).toBeTrue();
    expect(resourceCovers('https://M.EXAMPLE/', 'https://m.example/mcp')).toBeTrue();
    expect(resourceCovers('https://m.example/mc', 'https://m.example/mcp')).toBeFalse();
    expect(resourceCovers('https://evil.example/mcp', 'https://m.example/mcp')).toBeFalse();
    expect(resourceCovers('http://m.example/mcp', 'https://m.example/mcp')).toBeFalse();
  });

  it('gives the canonical server URI: lower-case host, no fragment, no trailing slash on an empty path', () => {
    expect(canonicalResource('HTTPS://M.Example/MCP#x')).toBe('https://m.example/MCP');
    expect(canonicalResource('https://m.example/')).toBe('https://m.example');
    expect(canonicalResource('https://m.example/mcp/')).toBe('https://m.example/mcp/');
  });

  it('reads the metadata URL of the challenge first, and sends the resource exactly as published', async () => {
    const { fetch, urls } = documents({
      'https://m.example/meta.json': { resource: 'https://m.example', authorization_servers: ['https://as.example'] },
    });
    const info = await discoverResource(fetch, 'https://m.example/mcp', 'https://m.example/meta.json', '2025-11-25');
    expect(urls()).toEqual(['https://m.example/meta.json']);
    expect(info.resource).toBe('https://m.example');
    expect(info.issuers).toEqual(['https://as.example']);
  });

  it('falls back to the well-known locations, sending MCP-Protocol-Version to the server only', async () => {
    const { fetch, asked } = documents({
      'https://m.example/.well-known/oauth-protected-resource': { resource: 'https://m.example/mcp', authorization_servers: ['https://as.example'] },
    });
    await discoverResource(fetch, 'https://m.example/mcp', undefined, '2025-06-18');
    expect(asked.map((entry) => entry.url)).toEqual([
      'https://m.example/.well-known/oauth-protected-resource/mcp',
      'https://m.example/.well-known/oauth-protected-resource',
    ]);
    expect(asked.every((entry) => entry.headers['mcp-protocol-version'] === '2025-06-18')).toBeTrue();
  });

  it('refuses a challenge that points the metadata at a URL that is not https', async () => {
    const { fetch, urls } = documents({});
    expect(await reason(discoverResource(fetch, 'https://m.example/mcp', 'http://m.example/meta', undefined))).toBe('insecure-url');
    expect(urls()).toEqual([]);
  });

  it('reports no metadata (a 2025-03-26 server) with the canonical server URI as the resource', async () => {
    const info = await discoverResource(documents({}).fetch, 'https://m.example/mcp', undefined, undefined);
    expect(info).toEqual({ resource: 'https://m.example/mcp', metadata: undefined, issuers: [] });
  });

  it('stops at the first issuer metadata found, and refuses it when its issuer differs', async () => {
    const { fetch, urls } = documents({
      'https://as.example/tenant1/.well-known/openid-configuration': { issuer: 'https://as.example/tenant1', token_endpoint: 'https://as.example/t' },
    });
    const server = await discoverAuthorizationServer(fetch, 'https://as.example/tenant1');
    expect(server.metadata.token_endpoint).toBe('https://as.example/t');
    expect(urls().length).toBe(3);
    const wrong = documents({ 'https://as.example/.well-known/oauth-authorization-server': { issuer: 'https://as.example/' } });
    expect(await reason(discoverAuthorizationServer(wrong.fetch, 'https://as.example'))).toBe('issuer-mismatch');
  });

  it('refuses endpoints that are not https', async () => {
    const { fetch } = documents({
      'https://as.example/.well-known/oauth-authorization-server': { issuer: 'https://as.example', token_endpoint: 'http://as.example/token' },
    });
    expect(await reason(discoverAuthorizationServer(fetch, 'https://as.example'))).toBe('insecure-url');
  });

  it('falls back for 2025-03-26 servers: metadata at the server root, else the default endpoints there', async () => {
    const found = documents({ 'https://m.example/.well-known/oauth-authorization-server': { issuer: 'https://m.example/oauth', token_endpoint: 'https://m.example/oauth/token' } });
    const server = await legacyAuthorizationServer(found.fetch, 'https://m.example/mcp', '2025-03-26');
    expect(server.defaults).toBeFalse();
    expect(server.metadata.token_endpoint).toBe('https://m.example/oauth/token');
    const none = documents({});
    const defaults = await legacyAuthorizationServer(none.fetch, 'https://m.example/mcp', '2025-03-26');
    expect(none.urls()).toEqual(['https://m.example/.well-known/oauth-authorization-server', 'https://m.example/.well-known/openid-configuration']);
    expect(defaults.defaults).toBeTrue();
    expect([defaults.metadata.authorization_endpoint, defaults.metadata.token_endpoint, defaults.metadata.registration_endpoint]).toEqual([
      'https://m.example/authorize', 'https://m.example/token', 'https://m.example/register',
    ]);
  });
});
