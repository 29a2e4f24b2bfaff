import { AppCspError } from './errors.js';
import type { AppCsp } from './types.js';

/** A source expression an MCP App may ask for: http(s) or ws(s), a host (a leading `*.` allowed), an optional port. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

const FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** The name of the sandbox URL's query parameter that carries the app's CSP request (JSON). */
export const CSP_QUERY_PARAMETER = 'csp';

/** The policy SEP-1865 prescribes for a UI resource that declares no `csp`, with nested frames and plugins blocked. */
export const RESTRICTIVE_APP_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Every entry of a `csp` request that is not a source expression, as `field: value`. */
function refusedEntries(csp: Readonly<Record<string, unknown>>): string[] {
  const refused: string[] = [];
  for (const field of FIELDS) {
    const list = csp[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) refused.push(`${field}: ${JSON.stringify(list)}`);
    else for (const entry of list) if (typeof entry !== 'string' || !SOURCE.test(entry)) refused.push(`${field}: ${JSON.stringify(entry)}`);
  }
  return refused;
}

/**
 * The `csp` a UI resource asks for, checked: each list holds only source expressions (`https://api.example.com`,
 * `wss://*.example.com:8443`). `undefined` stays `undefined` (the restrictive policy).
 *
 * Throws `AppCspError` naming every refused entry (keywords such as `'unsafe-eval'`, a bare `*`, paths, `;`).
 */
export function checkAppCsp(uri: string, csp: unknown): AppCsp | undefined {
  if (csp === undefined) return undefined;
  const fields = record(csp);
  if (fields === undefined) throw new AppCspError(uri, [`csp: ${JSON.stringify(csp)}`]);
  const refused = refusedEntries(fields);
  if (refused.length > 0) throw new AppCspError(uri, refused);
  return csp as AppCsp;
}

const sources = (list: readonly string[] | undefined): string => (list ?? []).filter((entry) => typeof entry === 'string' && SOURCE.test(entry)).join(' ');
const plus = (base: string, extra: string): string => (extra === '' ? base : `${base} ${extra}`);

/**
 * The Content-Security-Policy of an MCP App's sandbox, from the `csp` its UI resource asks for (SEP-1865): the
 * declared origins only (anything that is not a source expression is left out), plugins always blocked, no nested
 * frames unless declared; without a `csp`, {@link RESTRICTIVE_APP_CSP}.
 */
export function appCsp(csp: AppCsp | undefined): string {
  if (csp === undefined) return RESTRICTIVE_APP_CSP;
  const resources = sources(csp.resourceDomains);
  return [
    "default-src 'none'",
    plus("script-src 'self' 'unsafe-inline'", resources),
    plus("style-src 'self' 'unsafe-inline'", resources),
    plus("img-src 'self' data:", resources),
    plus("font-src 'self'", resources),
    plus("media-src 'self' data:", resources),
    plus("connect-src 'self'", sources(csp.connectDomains)),
    `frame-src ${sources(csp.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${sources(csp.baseUriDomains) || "'self'"}`,
  ].join('; ');
}

/**
 * The `Content-Security-Policy` header a sandbox server sends with its proxy page, from the page URL's `csp` query
 * parameter (what {@link renderApp} puts there): a missing or malformed one gets {@link RESTRICTIVE_APP_CSP}.
 * Runs anywhere (Node, workers, browsers): the sandbox server may be any HTTP server.
 * @example
 * ```ts
 * import { sandboxCsp } from 'rxmcp/apps';
 *
 * const url = new URL('https://sandbox.example.com/proxy.html?csp=%7B%7D');
 * const header = sandboxCsp(url.searchParams.get('csp'));
 * console.log(header.startsWith("default-src 'none'"));
 * ```
 */
export function sandboxCsp(query: string | null | undefined): string {
  if (query === null || query === undefined) return RESTRICTIVE_APP_CSP;
  try {
    const parsed = record(JSON.parse(query) as unknown);
    return parsed === undefined ? RESTRICTIVE_APP_CSP : appCsp(parsed as AppCsp);
  } catch {
    return RESTRICTIVE_APP_CSP;
  }
}

/**
 * The `Content-Security-Policy` of a page that hosts MCP Apps: its own scripts only, connections to any MCP server,
 * frames only from `sandboxOrigin` (where {@link runSandboxProxy} runs), no plugins, and never framed itself.
 * `rxmcp ui` sends it with the dashboard; a host page of your own can send the same.
 * - **Temperature:** not applicable (a pure function). **Emits:** nothing; returns the header value.
 * - **Completes:** not applicable. **Errors:** none. **Teardown:** none.
 */
export function hostPageCsp(sandboxOrigin: string): string {
  return [
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", 'img-src * data: blob:', 'media-src * data: blob:',
    'connect-src * ws: wss: http: https:', `frame-src ${sandboxOrigin}`, "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'",
  ].join('; ');
}
