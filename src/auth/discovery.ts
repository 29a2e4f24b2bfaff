import type { FetchLike } from '../transport/internal/fetch.js';
import { AuthError } from './errors.js';
import { getJson } from './http.js';
import { authSchemas, type AuthorizationServerMetadata, type ProtectedResourceMetadata } from './schemas.js';
import {
  authorizationServerLocations,
  canonicalResource,
  protectedResourceLocations,
  resourceCovers,
  secureUrl,
} from './urls.js';

/** What the client learned about the protected resource (the MCP server). */
export interface ResourceInfo {
  /** The `resource` to send: as the metadata publishes it, else the server's canonical URI. */
  readonly resource: string;
  /** The metadata, unless none was found (a 2025-03-26 server). */
  readonly metadata: ProtectedResourceMetadata | undefined;
  /** The authorization servers the metadata lists, in its order. */
  readonly issuers: readonly string[];
}

/** An authorization server and its metadata. */
export interface AuthorizationServer {
  /** The issuer identifier, exactly as the protected resource metadata (or the metadata itself) gives it. */
  readonly issuer: string;
  readonly metadata: AuthorizationServerMetadata;
  /** True when no metadata was found and the 2025-03-26 default endpoints are used. */
  readonly defaults: boolean;
}

/** Headers of discovery requests to the MCP server's own origin. */
function serverHeaders(url: string, serverUrl: string, protocolVersion: string | undefined): Record<string, string> {
  if (protocolVersion === undefined || new URL(url).origin !== new URL(serverUrl).origin) return {};
  return { 'mcp-protocol-version': protocolVersion };
}

/**
 * Finds the protected resource metadata of `serverUrl`: the `resource_metadata` URL of the challenge first,
 * then the RFC 9728 well-known locations (path-based, then root). Metadata whose `resource` does not cover the
 * server is refused (`AuthError('resource-mismatch')`); no metadata at all means a 2025-03-26 server.
 */
export async function discoverResource(
  fetch: FetchLike,
  serverUrl: string,
  metadataUrl: string | undefined,
  protocolVersion: string | undefined,
): Promise<ResourceInfo> {
  const locations = protectedResourceLocations(serverUrl);
  if (metadataUrl !== undefined) locations.unshift(secureUrl(metadataUrl, 'protected resource metadata URL').href);
  const { ProtectedResourceMetadataSchema } = authSchemas();
  for (const location of new Set(locations)) {
    const answer = await getJson(fetch, location, serverHeaders(location, serverUrl, protocolVersion));
    const parsed = answer?.ok ? ProtectedResourceMetadataSchema.safeParse(answer.json) : undefined;
    if (!parsed?.success) continue;
    const metadata = parsed.data;
    if (!resourceCovers(metadata.resource, serverUrl)) {
      throw new AuthError('resource-mismatch', `The protected resource metadata at ${location} is for ${metadata.resource}, not for ${serverUrl}`);
    }
    return { resource: metadata.resource, metadata, issuers: metadata.authorization_servers ?? [] };
  }
  return { resource: canonicalResource(serverUrl), metadata: undefined, issuers: [] };
}

function checkEndpoints(metadata: AuthorizationServerMetadata): void {
  for (const name of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const) {
    if (metadata[name] !== undefined) secureUrl(metadata[name], `${name.replace('_', ' ')}`);
  }
}

/**
 * The metadata of `issuer`, from the locations of `authorizationServerLocations` in order. The metadata's
 * `issuer` must be identical to `issuer` (RFC 8414 §3.3), else `AuthError('issuer-mismatch')`.
 */
export async function discoverAuthorizationServer(fetch: FetchLike, issuer: string): Promise<AuthorizationServer> {
  const url = secureUrl(issuer, 'authorization server issuer');
  if (url.search !== '') throw new AuthError('discovery', `The issuer ${issuer} has a query`);
  const { AuthorizationServerMetadataSchema } = authSchemas();
  for (const location of authorizationServerLocations(issuer)) {
    const answer = await getJson(fetch, location);
    const parsed = answer?.ok ? AuthorizationServerMetadataSchema.safeParse(answer.json) : undefined;
    if (!parsed?.success) continue;
    if (parsed.data.issuer !== issuer) {
      throw new AuthError('issuer-mismatch', `The metadata at ${location} names the issuer ${parsed.data.issuer}, not ${issuer}`);
    }
    checkEndpoints(parsed.data);
    return { issuer, metadata: parsed.data, defaults: false };
  }
  throw new AuthError('discovery', `No authorization server metadata found for ${issuer}`);
}

/**
 * The authorization server of a 2025-03-26 server (no protected resource metadata): metadata at the root of the
 * server's origin (RFC 8414, then OpenID Connect), else the default endpoints `/authorize`, `/token` and
 * `/register` there.
 */
export async function legacyAuthorizationServer(
  fetch: FetchLike,
  serverUrl: string,
  protocolVersion: string | undefined,
): Promise<AuthorizationServer> {
  const origin = secureUrl(serverUrl, 'MCP server URL').origin;
  const { AuthorizationServerMetadataSchema } = authSchemas();
  for (const location of authorizationServerLocations(origin)) {
    const answer = await getJson(fetch, location, serverHeaders(location, serverUrl, protocolVersion));
    const parsed = answer?.ok ? AuthorizationServerMetadataSchema.safeParse(answer.json) : undefined;
    if (!parsed?.success) continue;
    checkEndpoints(parsed.data);
    return { issuer: parsed.data.issuer, metadata: parsed.data, defaults: false };
  }
  const metadata: AuthorizationServerMetadata = {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
  };
  return { issuer: origin, metadata, defaults: true };
}
