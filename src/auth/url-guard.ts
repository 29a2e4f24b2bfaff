import { AuthError, UrlRefusedError } from './errors.js';
import { addressRule, formatIp, inCidr, nameRule, parseCidr, parseIp, type AddressRule, type Cidr } from './ip-ranges.js';

/**
 * Resolves host names and sends requests pinned to a checked address; `nodeUrlGuard()` of `rxmcp/node` supplies
 * one. Without it (in browsers) only the URL's literal host is checked.
 */
export interface UrlGuardResolver {
  /** Every address `hostname` resolves to (resolved once per request). */
  lookup(hostname: string): Promise<readonly string[]>;
  /** Sends the request to `url` over a connection to one of `addresses` only (no second lookup). */
  request(url: URL, init: RequestInit, addresses: readonly string[]): Promise<Response>;
}

/** Options of the URL guard of `oauth()` (`urlGuard`). */
export interface UrlGuardOptions {
  /**
   * What passes although it is refused otherwise: host names (`lab.internal`, `*.corp.example`), addresses and
   * CIDR blocks (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
   */
  readonly allow?: readonly string[];
  /** Resolution and pinned requests (Node: `nodeUrlGuard()`); without it only literal hosts are checked. */
  readonly resolver?: UrlGuardResolver;
}

/** The compiled allow list: host names (exact or `*.suffix`) and blocks. */
interface AllowList {
  readonly names: readonly string[];
  readonly blocks: readonly Cidr[];
}

function compileAllow(entries: readonly string[]): AllowList {
  const names: string[] = [];
  const blocks: Cidr[] = [];
  for (const entry of entries) {
    const block = parseCidr(entry);
    if (block !== undefined) blocks.push(block);
    else names.push(entry.trim().toLowerCase().replace(/\.$/, ''));
  }
  return { names, blocks };
}

function nameAllowed(list: AllowList, hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return list.names.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) : entry === name));
}

const LABELS: Record<AddressRule['kind'], string> = {
  loopback: 'loopback address',
  private: 'private address',
  'link-local': 'link-local address',
  shared: 'shared address',
  unspecified: 'unspecified address',
  metadata: 'metadata address',
  multicast: 'multicast address',
  reserved: 'reserved address',
};

function refusal(url: URL, address: string, rule: AddressRule): UrlRefusedError {
  const text = `${LABELS[rule.kind]} ${address} (${rule.note})`;
  return new UrlRefusedError({ url: `${url.origin}${url.pathname}`, address, kind: rule.kind, rule: text });
}

/** Decides whether the client may follow a URL; `check` resolves to the addresses to pin to (none for a literal). */
export interface UrlGuard {
  /** Throws `UrlRefusedError` for a refused URL; else the checked addresses (empty when nothing was resolved). */
  check(url: URL): Promise<readonly string[]>;
  readonly resolver: UrlGuardResolver | undefined;
}

/**
 * True when the MCP server vouches for `url` under `rule`: the URL is on the server's own host, or both are on
 * loopback (client and server on one machine).
 */
function serverVouches(serverUrl: string | undefined, url: URL, rule: AddressRule): boolean {
  if (serverUrl === undefined) return false;
  const host = new URL(serverUrl).hostname;
  if (host === url.hostname) return true;
  const bytes = parseIp(host);
  const serverRule = bytes === undefined ? nameRule(host) : addressRule(bytes);
  return rule.kind === 'loopback' && serverRule?.kind === 'loopback';
}

/** `localhost` stands for its addresses: resolved where a resolver is, else allowed with a block holding 127.0.0.1. */
function loopbackNameAllowed(allow: AllowList, rule: AddressRule, resolver: UrlGuardResolver | undefined): boolean {
  if (rule.kind !== 'loopback') return false;
  const loopback = parseIp('127.0.0.1') as Uint8Array;
  return resolver !== undefined || allow.blocks.some((block) => inCidr(loopback, block));
}

/**
 * The guard of `options`, for the MCP server at `serverUrl()` (once known): that server's own host always passes,
 * and when it is on loopback, loopback passes too (client and server on one machine).
 */
export function createUrlGuard(options: UrlGuardOptions, serverUrl: () => string | undefined): UrlGuard {
  const allow = compileAllow(options.allow ?? []);
  const resolver = options.resolver;
  const checkAddress = (url: URL, address: string): void => {
    const bytes = parseIp(address);
    const rule = bytes === undefined ? undefined : addressRule(bytes);
    if (bytes === undefined || rule === undefined || serverVouches(serverUrl(), url, rule)) return;
    if (!allow.blocks.some((block) => inCidr(bytes, block))) throw refusal(url, formatIp(bytes), rule);
  };
  return {
    resolver,
    async check(url) {
      if (nameAllowed(allow, url.hostname)) return [];
      if (parseIp(url.hostname) !== undefined) return (checkAddress(url, url.hostname), []);
      const rule = nameRule(url.hostname);
      if (rule !== undefined && !serverVouches(serverUrl(), url, rule) && !loopbackNameAllowed(allow, rule, resolver)) {
        throw refusal(url, url.hostname, rule);
      }
      if (resolver === undefined) return [];
      const addresses = await resolver.lookup(url.hostname);
      if (addresses.length === 0) throw new AuthError('discovery', `${url.hostname} resolves to no address`);
      for (const address of addresses) checkAddress(url, address);
      return addresses;
    },
  };
}
