import { UrlRefusedError } from './errors.js';
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
 * The guard of `options`, for the MCP server at `serverUrl()` (once known): that server's own host always passes,
 * and when it is on loopback, loopback passes too (client and server on one machine).
 */
export function createUrlGuard(options: UrlGuardOptions, serverUrl: () => string | undefined): UrlGuard {
  const allow = compileAllow(options.allow ?? []);
  const exempt = (url: URL, rule: AddressRule): boolean => {
    const server = serverUrl();
    const host = server === undefined ? undefined : new URL(server).hostname;
    if (host === undefined) return false;
    if (host === url.hostname) return true;
    const serverBytes = parseIp(host);
    const serverRule = serverBytes === undefined ? nameRule(host) : addressRule(serverBytes);
    return rule.kind === 'loopback' && serverRule?.kind === 'loopback';
  };
  const checkAddress = (url: URL, address: string): void => {
    const bytes = parseIp(address);
    const rule = bytes === undefined ? undefined : addressRule(bytes);
    if (bytes === undefined || rule === undefined || exempt(url, rule)) return;
    if (allow.blocks.some((block) => inCidr(bytes, block))) return;
    throw refusal(url, formatIp(bytes), rule);
  };
  /** `localhost` stands for its addresses: resolved where a resolver is, else allowed with 127.0.0.1. */
  const nameAllowedByAddress = (rule: AddressRule, resolver: UrlGuardResolver | undefined): boolean => {
    if (rule.kind !== 'loopback') return false;
    const loopback = parseIp('127.0.0.1') as Uint8Array;
    return resolver !== undefined || allow.blocks.some((block) => inCidr(loopback, block));
  };
  return {
    resolver: options.resolver,
    async check(url) {
      if (nameAllowed(allow, url.hostname)) return [];
      if (parseIp(url.hostname) !== undefined) {
        checkAddress(url, url.hostname);
        return [];
      }
      const rule = nameRule(url.hostname);
      if (rule !== undefined && !exempt(url, rule) && !nameAllowedByAddress(rule, options.resolver)) throw refusal(url, url.hostname, rule);
      if (options.resolver === undefined) return [];
      const addresses = await options.resolver.lookup(url.hostname);
      for (const address of addresses) checkAddress(url, address);
      return addresses;
    },
  };
}
