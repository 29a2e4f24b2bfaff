import { AuthError } from './errors.js';

/** True for loopback hosts: `localhost` (and `*.localhost`), `127.0.0.0/8` and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses `value` as an absolute URL, or `undefined`. */
export function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * `value` as a URL the client may talk to about authorization: absolute, https (http only for loopback
 * hosts), without a fragment. Anything else is refused with `AuthError('insecure-url')` before any request.
 */
export function secureUrl(value: unknown, what: string): URL {
  const url = typeof value === 'string' ? parseUrl(value) : undefined;
  if (url === undefined) throw new AuthError('discovery', `The ${what} is not an absolute URL`);
  if (url.hash !== '') throw new AuthError('discovery', `The ${what} has a fragment: ${url.origin}${url.pathname}`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new AuthError('insecure-url', `Refusing the ${what} ${url.origin}${url.pathname}: only https (or http to a loopback host) is allowed`);
}

/**
 * The canonical URI of an MCP server (RFC 8707 / MCP "canonical server URI"): lower-case scheme and host, no
 * fragment, and no trailing slash on an empty path.
 */
export function canonicalResource(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.hash = '';
  const text = url.href;
  return url.pathname === '/' && url.search === '' ? text.slice(0, -1) : text;
}

function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * True when a protected resource metadata `resource` covers the server URL: same origin, and its path is the
 * server's path or a leading part of it, segment by segment (`https://h` and `https://h/mcp` cover
 * `https://h/mcp`; `https://h/m` and `https://evil/mcp` do not).
 */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  const published = parseUrl(resource);
  const server = parseUrl(serverUrl);
  if (published === undefined || server === undefined || published.origin !== server.origin) return false;
  if (published.hash !== '') return false;
  const prefix = pathSegments(published.pathname);
  const path = pathSegments(server.pathname);
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

/** The path of `url` without its trailing slash; `''` for the root. */
function trimmedPath(url: URL): string {
  return url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
}

/** RFC 9728 well-known locations of a server's protected resource metadata: path-based first, then root. */
export function protectedResourceLocations(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  const path = trimmedPath(url);
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path === '' ? [root] : [`${root}${path}`, root];
}

/**
 * Where an issuer's metadata may be, in the order MCP 2025-11-25 gives: RFC 8414 with the path inserted,
 * OpenID Connect with the path inserted, OpenID Connect with the path appended (for an issuer without a path:
 * RFC 8414, then OpenID Connect).
 */
export function authorizationServerLocations(issuer: string): string[] {
  const url = new URL(issuer);
  const path = trimmedPath(url);
  if (path === '') {
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  }
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** `url` without query and fragment (the `htu` of a DPoP proof). */
export function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
