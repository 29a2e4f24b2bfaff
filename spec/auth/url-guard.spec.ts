import { AuthError, UrlRefusedError } from '../../src/auth/errors.js';
import { addressRule, nameRule, parseIp } from '../../src/auth/ip-ranges.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import type { OAuthOptions } from '../../src/auth/types.js';
import { createUrlGuard, type UrlGuardOptions } from '../../src/auth/url-guard.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { createTenant } from '../helpers/auth-fixtures.js';
import { listToolsSettled } from '../helpers/list-tools-settled.js';

/** The kind of the refused range `host` lies in, or `undefined` for a public address (`'name'` for a name). */
function kindOf(host: string): string | undefined {
  const bytes = parseIp(host);
  return bytes === undefined ? 'name' : addressRule(bytes)?.kind;
}

/** What the guard says of `url` for an MCP server at `server`: `'ok'` or the refusal's rule. */
async function verdict(url: string, server: string | undefined, options: UrlGuardOptions = {}): Promise<string> {
  try {
    await createUrlGuard(options, () => server).check(new URL(url));
    return 'ok';
  } catch (error) {
    if (!UrlRefusedError.is(error)) throw error;
    return (error as UrlRefusedError).rule;
  }
}

const REMOTE = 'https://mcp.example.com/mcp';

describe('the URL guard classifier', () => {
  it('knows every refused IPv4 range, at both ends', () => {
    const table: Record<string, string> = {
      '0.0.0.0': 'unspecified', '0.255.255.255': 'unspecified',
      '10.0.0.0': 'private', '10.255.255.255': 'private',
      '100.64.0.0': 'shared', '100.127.255.255': 'shared',
      '127.0.0.1': 'loopback', '127.255.255.255': 'loopback',
      '169.254.0.1': 'link-local', '169.254.255.255': 'link-local', '169.254.169.254': 'metadata',
      '172.16.0.0': 'private', '172.31.255.255': 'private',
      '192.168.0.0': 'private', '192.168.255.255': 'private',
      '224.0.0.1': 'multicast', '239.255.255.255': 'multicast',
      '240.0.0.1': 'reserved', '255.255.255.255': 'reserved',
    };
    for (const [address, kind] of Object.entries(table)) expect(kindOf(address)).withContext(address).toBe(kind);
  });

  it('lets public IPv4 addresses just outside the refused ranges through', () => {
    for (const address of ['1.1.1.1', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.0',
      '169.253.255.255', '169.255.0.0', '172.15.255.255', '172.32.0.0', '192.167.255.255', '192.169.0.0', '223.255.255.255']) {
      expect(kindOf(address)).withContext(address).toBeUndefined();
    }
  });

  it('knows every refused IPv6 range, and IPv4 addresses inside IPv4-mapped and NAT64 addresses', () => {
    const table: Record<string, string> = {
      '[::]': 'unspecified', '[::1]': 'loopback', '[fd00:ec2::254]': 'metadata', '[fc00::1]': 'private', '[fdff:ffff::1]': 'private',
      '[fe80::1]': 'link-local', '[febf:ffff::1]': 'link-local', '[ff02::1]': 'multicast',
      '[::ffff:127.0.0.1]': 'loopback', '[::ffff:10.1.2.3]': 'private', '[::ffff:a9fe:a9fe]': 'metadata', '[64:ff9b::10.0.0.1]': 'private',
      '[::127.0.0.1]': 'loopback',
    };
    for (const [address, kind] of Object.entries(table)) expect(kindOf(address)).withContext(address).toBe(kind);
    for (const address of ['[2606:4700::1111]', '[fec0::1]', '[::ffff:8.8.8.8]', '[2001:db8::1]']) expect(kindOf(address)).withContext(address).toBeUndefined();
  });

  it('reads the numeric, hexadecimal and octal spellings of IPv4 the way the URL parser does', () => {
    for (const url of ['http://0x7f.1/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7F000001/', 'http://[::ffff:127.0.0.1]/', 'http://[0:0:0:0:0:ffff:7f00:1]/']) {
      expect(kindOf(new URL(url).hostname)).withContext(url).toBe('loopback');
    }
    expect(kindOf(new URL('http://0xa9.0xfe.0xa9.0xfe/').hostname)).toBe('metadata');
    expect(kindOf(new URL('http://3232235521/').hostname)).toBe('private');
  });

  it('refuses localhost names and the cloud metadata names by name', () => {
    expect(nameRule('localhost')?.kind).toBe('loopback');
    expect(nameRule('LOCALHOST.')?.kind).toBe('loopback');
    expect(nameRule('app.localhost')?.kind).toBe('loopback');
    expect(nameRule('metadata.google.internal')?.kind).toBe('metadata');
    expect(nameRule('metadata.google.internal.')?.kind).toBe('metadata');
    expect(nameRule('localhost.example.com')).toBeUndefined();
  });
});

describe('the URL guard', () => {
  it('refuses, for a remote MCP server, URLs on loopback, private, link-local, shared and metadata addresses, naming the rule', async () => {
    expect(await verdict('http://127.0.0.1:8080/token', REMOTE)).toBe('loopback address 127.0.0.1 (RFC 1122)');
    expect(await verdict('https://10.0.0.5/as', REMOTE)).toBe('private address 10.0.0.5 (RFC 1918)');
    expect(await verdict('https://169.254.169.254/latest/meta-data', REMOTE)).toBe('metadata address 169.254.169.254 (cloud instance metadata)');
    expect(await verdict('https://[fd00:ec2::254]/', REMOTE)).toBe('metadata address fd00:ec2::254 (cloud instance metadata)');
    expect(await verdict('https://100.64.1.1/', REMOTE)).toBe('shared address 100.64.1.1 (carrier-grade NAT, RFC 6598)');
    expect(await verdict('https://[fe80::1]/', REMOTE)).toBe('link-local address fe80::1 (RFC 4291)');
    expect(await verdict('https://0x7f.1/', REMOTE)).toBe('loopback address 127.0.0.1 (RFC 1122)');
    expect(await verdict('https://metadata.google.internal/computeMetadata/v1/', REMOTE)).toBe('metadata address metadata.google.internal (cloud instance metadata)');
    expect(await verdict('http://localhost:3000/', REMOTE)).toBe('loopback address localhost (RFC 6761)');
  });

  it('lets public hosts through, and the MCP server its own host', async () => {
    expect(await verdict('https://as.example.com/', REMOTE)).toBe('ok');
    expect(await verdict('https://8.8.8.8/', REMOTE)).toBe('ok');
    expect(await verdict('https://10.0.0.5:9000/token', 'https://10.0.0.5/mcp')).toBe('ok');
    expect(await verdict('https://10.0.0.6/token', 'https://10.0.0.5/mcp')).toBe('private address 10.0.0.6 (RFC 1918)');
  });

  it('lets loopback through when the MCP server is on loopback, and nothing else of the refused ranges', async () => {
    for (const server of ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', 'http://[::1]:3000/mcp']) {
      expect(await verdict('http://127.0.0.1:4000/as', server)).withContext(server).toBe('ok');
      expect(await verdict('http://localhost:4000/as', server)).withContext(server).toBe('ok');
      expect(await verdict('http://[::1]:4000/as', server)).withContext(server).toBe('ok');
      expect(await verdict('https://10.0.0.5/as', server)).withContext(server).toBe('private address 10.0.0.5 (RFC 1918)');
      expect(await verdict('https://169.254.169.254/', server)).withContext(server).toBe('metadata address 169.254.169.254 (cloud instance metadata)');
    }
  });

  it('lets what the allow list names through: blocks, addresses, host names and *. suffixes', async () => {
    const allow = ['10.0.0.0/8', 'fd12::/16', '169.254.169.254', 'sso.lab', '*.corp.example'];
    expect(await verdict('https://10.20.30.40/', REMOTE, { allow })).toBe('ok');
    expect(await verdict('https://[fd12::5]/', REMOTE, { allow })).toBe('ok');
    expect(await verdict('https://169.254.169.254/', REMOTE, { allow })).toBe('ok');
    expect(await verdict('https://192.168.1.1/', REMOTE, { allow })).toBe('private address 192.168.1.1 (RFC 1918)');
    expect(await verdict('http://localhost/', REMOTE, { allow: ['127.0.0.0/8'] })).toBe('ok');
    expect(await verdict('https://metadata.google.internal/', REMOTE, { allow })).toBe('metadata address metadata.google.internal (cloud instance metadata)');
    expect(await verdict('https://metadata.google.internal/', REMOTE, { allow: ['metadata.google.internal'] })).toBe('ok');
  });

  it('checks every address a resolver gives for a name, and answers with them for pinning', async () => {
    const lookup = async (name: string) => (name === 'mixed.example' ? ['93.184.216.34', '10.9.8.7'] : ['93.184.216.34']);
    const resolver = { lookup, request: () => Promise.reject(new Error('not used')) };
    expect(await verdict('https://mixed.example/', REMOTE, { resolver })).toBe('private address 10.9.8.7 (RFC 1918)');
    expect(await createUrlGuard({ resolver }, () => REMOTE).check(new URL('https://public.example/'))).toEqual(['93.184.216.34']);
  });

  it('gives a typed error that names the URL, the address and the rule', async () => {
    const error = await createUrlGuard({}, () => REMOTE).check(new URL('https://10.0.0.5/as/token?x=1')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UrlRefusedError);
    expect(AuthError.is(error)).toBeTrue();
    const refused = error as UrlRefusedError;
    expect([refused.reason, refused.url, refused.address, refused.addressKind]).toEqual(['url-refused', 'https://10.0.0.5/as/token', '10.0.0.5', 'private']);
    expect(refused.message).toContain('private address 10.0.0.5 (RFC 1918)');
  });
});

describe('oauth() behind the URL guard', () => {
  function listWith(url: string, options: OAuthOptions): Promise<unknown> {
    const auth = oauth({ redirect: headlessRedirect({ redirectUri: 'http://127.0.0.1/callback' }), ...options });
    return listToolsSettled(url, { auth });
  }

  /** A fetch that records every URL and sends only to `tenant`'s origin: anything else gets a 404 from here. */
  function recordingFetch(tenant: { origin: string }) {
    const urls: string[] = [];
    const fetch: FetchLike = (url, init) =>
      (urls.push(url), new URL(url).origin === tenant.origin ? globalThis.fetch(url, init) : Promise.resolve(new Response('', { status: 404 })));
    return { fetch, urls };
  }

  it('refuses an authorization server on a private address that the resource metadata names, and sends it nothing', async () => {
    const tenant = await createTenant({ authorizationServers: ['https://10.0.0.5/as'] });
    const { fetch, urls } = recordingFetch(tenant);
    const error = await listWith(tenant.urls.mcp, { fetch });
    expect(UrlRefusedError.is(error)).withContext(String(error)).toBeTrue();
    expect((error as UrlRefusedError).rule).toBe('private address 10.0.0.5 (RFC 1918)');
    expect(urls.filter((url) => url.includes('10.0.0.5'))).toEqual([]);
    expect(await tenant.events('as-metadata')).toEqual([]);
  });

  it('refuses the metadata address in its IPv4-mapped IPv6 spelling', async () => {
    const tenant = await createTenant({ authorizationServers: ['https://[::ffff:169.254.169.254]/'] });
    const { fetch, urls } = recordingFetch(tenant);
    const error = await listWith(tenant.urls.mcp, { fetch });
    expect((error as UrlRefusedError).addressKind).toBe('metadata');
    expect(urls.filter((url) => url.includes('a9fe'))).toEqual([]);
  });

  it('asks an allow-listed private authorization server', async () => {
    const tenant = await createTenant({ authorizationServers: ['https://10.0.0.5/as'] });
    const { fetch, urls } = recordingFetch(tenant);
    const error = await listWith(tenant.urls.mcp, { fetch, urlGuard: { allow: ['10.0.0.0/8'] } });
    expect(urls).toContain('https://10.0.0.5/.well-known/oauth-authorization-server/as');
    expect((error as AuthError).reason).withContext(String(error)).toBe('discovery');
  });

  it('asks a private authorization server when the guard is off', async () => {
    const tenant = await createTenant({ authorizationServers: ['https://10.0.0.5/as'] });
    const { fetch, urls } = recordingFetch(tenant);
    await listWith(tenant.urls.mcp, { fetch, urlGuard: false });
    expect(urls).toContain('https://10.0.0.5/.well-known/oauth-authorization-server/as');
  });
});
