/** What kind of address a refused range holds. */
export type AddressKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unspecified'
  | 'metadata'
  | 'multicast'
  | 'reserved';

/** A range of addresses the URL guard refuses: its kind and a note for messages (`RFC 1918`, ...). */
export interface AddressRule {
  readonly kind: AddressKind;
  /** Where the range is defined, or what it is (for messages). */
  readonly note: string;
}

/** A CIDR block as bytes: 4 for IPv4, 16 for IPv6. */
export interface Cidr {
  readonly bytes: Uint8Array;
  readonly prefix: number;
}

/** The host part of a URL (or a host as written) the way the WHATWG URL parser normalises it, or `undefined`. */
export function normalHost(host: string): string | undefined {
  const bare = host.startsWith('[') ? host : host.includes(':') ? `[${host}]` : host;
  try {
    return new URL(`http://${bare}/`).hostname;
  } catch {
    return undefined;
  }
}

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return Uint8Array.from(parts, Number);
}

function parseIpv6(text: string): Uint8Array | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 ? missing < 1 : missing !== 0)) return undefined;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

/**
 * The bytes of an IP address in any spelling the URL parser takes (`0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`,
 * `::1`), or `undefined` for a name.
 */
export function parseIp(host: string): Uint8Array | undefined {
  const normal = normalHost(host);
  if (normal === undefined) return undefined;
  return normal.startsWith('[') ? parseIpv6(normal.slice(1, -1)) : parseIpv4(normal);
}

/** The text of an address's bytes: dotted IPv4, or IPv6 as the URL parser writes it (without brackets). */
export function formatIp(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, i) => (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16));
  return (normalHost(groups.join(':')) ?? '').slice(1, -1);
}

/** Parses `10.0.0.0/8`, `fd00::/8` or a single address as a block; `undefined` when it is neither. */
export function parseCidr(text: string): Cidr | undefined {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const bytes = parseIp(address);
  if (bytes === undefined || rest.length > 0) return undefined;
  const prefix = prefixText === undefined ? bytes.length * 8 : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  return prefix >= 0 && prefix <= bytes.length * 8 ? { bytes, prefix } : undefined;
}

/** True when `bytes` lies in `cidr` (an IPv4 block never holds an IPv6 address, nor the other way round). */
export function inCidr(bytes: Uint8Array, cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  for (let bit = 0; bit < cidr.prefix; bit += 8) {
    const width = Math.min(8, cidr.prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((cidr.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const RULES: ReadonlyArray<readonly [string, AddressKind, string]> = [
  ['169.254.169.254/32', 'metadata', 'cloud instance metadata'],
  ['0.0.0.0/8', 'unspecified', '"this network", RFC 1122'],
  ['10.0.0.0/8', 'private', 'RFC 1918'],
  ['100.64.0.0/10', 'shared', 'carrier-grade NAT, RFC 6598'],
  ['127.0.0.0/8', 'loopback', 'RFC 1122'],
  ['169.254.0.0/16', 'link-local', 'RFC 3927'],
  ['172.16.0.0/12', 'private', 'RFC 1918'],
  ['192.168.0.0/16', 'private', 'RFC 1918'],
  ['224.0.0.0/4', 'multicast', 'RFC 5771'],
  ['240.0.0.0/4', 'reserved', 'RFC 1112, with the broadcast address'],
  ['::/128', 'unspecified', 'RFC 4291'],
  ['::1/128', 'loopback', 'RFC 4291'],
  ['fd00:ec2::254/128', 'metadata', 'cloud instance metadata'],
  ['fc00::/7', 'private', 'unique local, RFC 4193'],
  ['fe80::/10', 'link-local', 'RFC 4291'],
  ['ff00::/8', 'multicast', 'RFC 4291'],
];

let compiled: ReadonlyArray<readonly [Cidr, AddressRule]> | undefined;

function rules(): ReadonlyArray<readonly [Cidr, AddressRule]> {
  compiled ??= RULES.map(([cidr, kind, note]) => [parseCidr(cidr) as Cidr, { kind, note }] as const);
  return compiled;
}

/** IPv6 blocks that carry an IPv4 address in their last 32 bits: IPv4-mapped, NAT64 (RFC 6052), IPv4-compatible. */
const EMBEDDING = ['::ffff:0:0/96', '64:ff9b::/96', '::/96'];

/**
 * The address the range check applies to: the IPv4 address inside an IPv4-mapped, NAT64 or IPv4-compatible
 * IPv6 address (not `::` and `::1` themselves), else the address as it is.
 */
export function effectiveAddress(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 16) return bytes;
  const embedded = bytes.slice(12);
  const isSpecial = bytes.slice(0, 15).every((byte) => byte === 0) && (bytes[15] ?? 0) <= 1;
  if (isSpecial) return bytes;
  return EMBEDDING.some((block) => inCidr(bytes, parseCidr(block) as Cidr)) ? embedded : bytes;
}

/** The refused range `bytes` lies in (an embedded IPv4 address counts as itself), or `undefined` for a public one. */
export function addressRule(bytes: Uint8Array): AddressRule | undefined {
  const address = effectiveAddress(bytes);
  return rules().find(([cidr]) => inCidr(address, cidr))?.[1];
}

/** Host names that reach a refused address by definition: `localhost` (RFC 6761) and the cloud metadata names. */
export function nameRule(hostname: string): AddressRule | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return { kind: 'loopback', note: 'RFC 6761' };
  if (name === 'metadata.google.internal' || name === 'metadata') return { kind: 'metadata', note: 'cloud instance metadata' };
  return undefined;
}
