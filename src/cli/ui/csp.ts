// The Content-Security-Policy headers of `rxmcp ui`'s sandbox origin for MCP Apps (SEP-1865).

/** What a UI resource's `_meta.ui.csp` may declare: origins per kind of load (the MCP Apps extension's `AppCspRequest`). */
export interface AppCspRequest {
  /** Origins the app may connect to (fetch, WebSocket). */
  readonly connectDomains?: readonly string[];
  /** Origins of scripts, styles, images, fonts and media. */
  readonly resourceDomains?: readonly string[];
  /** Origins of nested frames. */
  readonly frameDomains?: readonly string[];
  /** Origins allowed as the document's base URI. */
  readonly baseUriDomains?: readonly string[];
}

/** A source expression an MCP App may declare: a scheme, a host (wildcard subdomains allowed), an optional port. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** The declared origins that are well-formed source expressions; anything else (`'unsafe-eval'`, `;`…) is dropped. */
function sources(list: readonly string[] | undefined): string {
  return (list ?? []).filter((entry) => typeof entry === 'string' && SOURCE.test(entry)).join(' ');
}

/** What the MCP Apps extension prescribes when a UI resource declares no `csp`. */
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

/**
 * The Content-Security-Policy of an MCP App's sandbox, built from the `_meta.ui.csp` its UI resource declares
 * (SEP-1865): declared origins only, nothing loosened, plugins always blocked, no nested frames unless declared.
 */
export function appCsp(csp: AppCspRequest | undefined): string {
  if (csp === undefined) return RESTRICTIVE_APP_CSP;
  const resources = sources(csp.resourceDomains);
  const with_ = (base: string, extra: string): string => (extra === '' ? base : `${base} ${extra}`);
  return [
    "default-src 'none'",
    with_("script-src 'self' 'unsafe-inline'", resources),
    with_("style-src 'self' 'unsafe-inline'", resources),
    with_("img-src 'self' data:", resources),
    with_("font-src 'self'", resources),
    with_("media-src 'self' data:", resources),
    with_("connect-src 'self'", sources(csp.connectDomains)),
    `frame-src ${sources(csp.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${sources(csp.baseUriDomains) || "'self'"}`,
  ].join('; ');
}

/** The CSP a sandbox URL asks for in its `csp` query parameter (JSON); malformed JSON gets the restrictive one. */
export function cspFromQuery(value: string | null): string {
  if (value === null) return RESTRICTIVE_APP_CSP;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? appCsp(parsed as AppCspRequest) : RESTRICTIVE_APP_CSP;
  } catch {
    return RESTRICTIVE_APP_CSP;
  }
}
