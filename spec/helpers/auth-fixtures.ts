// Where the OAuth fixtures are (spec/support/routes/300-auth.cjs), for auth specs that run in Node and in the
// browser alike, and small helpers to drive them.

/** The origins serving the auth fixtures. */
export interface AuthFixtureOrigins {
  /** The karma server in the browser (same origin as the page), a node:http server on 127.0.0.1 in Node. */
  readonly base: string;
  /** Another origin serving the same routes with CORS headers. */
  readonly crossOrigin: string;
}

/** URLs of one tenant (an authorization server and the MCP server it protects). */
export interface TenantUrls {
  readonly mcp: string;
  readonly issuer: string;
  readonly prm: string;
  readonly wellKnownPrm: string;
  readonly asMetadata: string;
}

/** One event a tenant recorded. */
export interface TenantEvent {
  readonly type: 'prm' | 'as-metadata' | 'authorize' | 'token' | 'issued' | 'register' | 'mcp' | 'redirected' | 'sink' | 'idp-token';
  readonly [key: string]: unknown;
}

/** Configuration of a tenant (see DEFAULTS in spec/support/routes/300-auth-server.cjs). */
export type TenantConfig = Readonly<Record<string, unknown>>;

/** A tenant of the fixtures. */
export interface Tenant {
  readonly id: string;
  readonly origin: string;
  readonly urls: TenantUrls;
  /** Everything the tenant saw so far. */
  log(): Promise<TenantEvent[]>;
  /** The events of one type. */
  events(type: TenantEvent['type']): Promise<TenantEvent[]>;
  configure(config: TenantConfig): Promise<void>;
  /** Revokes the access tokens issued so far (refresh tokens stay valid). */
  expire(): Promise<void>;
}

/** The fixture origins: from the Node helper (auth-server.ts) when it is loaded, else from the page. */
export async function authOrigins(): Promise<AuthFixtureOrigins> {
  const fromNode = (globalThis as { __rxmcpAuthFixtures?: () => Promise<AuthFixtureOrigins> }).__rxmcpAuthFixtures;
  if (fromNode !== undefined) return fromNode();
  const response = await fetch('/__rxmcp/auth/cors-url');
  const { url } = (await response.json()) as { url: string };
  return { base: globalThis.location.origin, crossOrigin: url };
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

/** A new tenant on `origin` (default: the base origin). */
export async function createTenant(config: TenantConfig = {}, origin?: string): Promise<Tenant> {
  const base = origin ?? (await authOrigins()).base;
  const { id, urls } = (await post(`${base}/__rxmcp/auth/setup`, { config })) as { id: string; urls: TenantUrls };
  const at = (path: string) => `${base}/__rxmcp/auth/t/${id}/${path}`;
  const log = async () => (await (await fetch(at('log'))).json()) as TenantEvent[];
  return {
    id,
    origin: base,
    urls,
    log,
    events: async (type) => (await log()).filter((event) => event.type === type),
    configure: async (changes) => void (await post(at('config'), changes)),
    expire: async () => void (await post(at('expire'), {})),
  };
}

/** Query parameters of the URL of an `authorize` event. */
export const queryOf = (event: TenantEvent): Record<string, string> => event['query'] as Record<string, string>;
