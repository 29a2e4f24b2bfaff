import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { DpopSigner } from '../../src/auth/dpop.js';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import type { OAuthOptions } from '../../src/auth/types.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type TenantConfig } from '../helpers/auth-fixtures.js';
import { decodeJws, sha256Base64url, verifiesEs256 } from '../helpers/auth-jws.js';

async function run(config: TenantConfig, options: OAuthOptions = {}) {
  const tenant = await createTenant(config);
  const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }), ...options });
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  await lastValueFrom(client.listTools());
  await lastValueFrom(client.listTools());
  client.close();
  return tenant;
}

describe('DPoP (RFC 9449)', () => {
  it('makes proofs a server can check: typ, public jwk, signature, htm, htu without query, iat, ath, unique jti', async () => {
    const signer = await DpopSigner.create();
    const proof = await signer.proof('post', 'https://m.example/mcp?x=1#f', 1_700_000_000, 'the-access-token');
    const again = await signer.proof('POST', 'https://m.example/mcp', 1_700_000_000);
    const { header, payload } = decodeJws(proof);
    expect(header['typ']).toBe('dpop+jwt');
    expect(header['alg']).toBe('ES256');
    const jwk = header['jwk'] as JsonWebKey;
    expect(jwk.d).toBeUndefined();
    expect(await verifiesEs256(proof, jwk)).toBeTrue();
    expect(payload).toEqual(jasmine.objectContaining({ htm: 'POST', htu: 'https://m.example/mcp', iat: 1_700_000_000 }));
    expect(payload['ath']).toBe(await sha256Base64url('the-access-token'));
    expect(decodeJws(again).payload['ath']).toBeUndefined();
    expect(decodeJws(again).payload['jti']).not.toEqual(payload['jti']);
  });

  it('sends the nonce a server gave, to that origin only', async () => {
    const signer = await DpopSigner.create();
    signer.rememberNonce('https://as.example/token', 'n-1');
    expect(decodeJws(await signer.proof('POST', 'https://as.example/other', 0)).payload['nonce']).toBe('n-1');
    expect(decodeJws(await signer.proof('POST', 'https://m.example/mcp', 0)).payload['nonce']).toBeUndefined();
  });

  it('binds tokens to its key where the server supports it, and presents them with the DPoP scheme and a fresh proof', async () => {
    const tenant = await run({ dpop: true });
    const [token] = await tenant.events('token');
    expect(token?.['dpop']).toBeTrue();
    const [issued] = await tenant.events('issued');
    expect(issued?.['tokenType']).toBe('DPoP');
    const presented = (await tenant.events('mcp')).filter((event) => event['scheme'] !== 'none');
    expect(presented.length).toBeGreaterThan(1);
    const jtis = new Set<unknown>();
    for (const event of presented) {
      expect(event['scheme']).toBe('DPoP');
      const proof = event['dpopProof'] as string;
      const { header, payload } = decodeJws(proof);
      expect(await verifiesEs256(proof, header['jwk'] as JsonWebKey)).toBeTrue();
      expect(payload['htu']).toBe(tenant.urls.mcp);
      expect(payload['htm']).toBe('POST');
      expect(payload['ath']).toBe(await sha256Base64url(issued?.['accessToken'] as string));
      jtis.add(payload['jti']);
    }
    expect(jtis.size).toBe(presented.length);
  });

  it('retries the token request and the MCP request once with the nonce each server asks for', async () => {
    const tenant = await run({ dpop: true, dpopNonce: true });
    const nonces = (await tenant.events('token')).map((event) => decodeJws(event['dpopProof'] as string).payload['nonce']);
    expect(nonces).toEqual([undefined, 'as-nonce-1']);
    const presented = (await tenant.events('mcp')).filter((event) => event['scheme'] === 'DPoP');
    const rsNonces = presented.map((event) => decodeJws(event['dpopProof'] as string).payload['nonce']);
    expect(rsNonces[0]).not.toBe('rs-nonce-1');
    expect(rsNonces.slice(1).every((nonce) => nonce === 'rs-nonce-1')).toBeTrue();
    expect((await tenant.events('authorize')).length).toBe(1);
  });

  it('does not use DPoP when told not to, or where the servers do not both advertise it', async () => {
    const asOnly = await createTenant({ dpop: true });
    const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${asOnly.origin}/__rxmcp/auth/callback` }) });
    const response = { status: 401, headers: new Headers({ 'www-authenticate': `Bearer resource_metadata="${asOnly.urls.prm}"` }) };
    await auth.challenge({ method: 'POST', url: asOnly.urls.mcp, serverUrl: asOnly.urls.mcp, protocolVersion: undefined, retries: [] }, response);
    expect((await asOnly.events('token'))[0]?.['dpop']).toBeFalse();
    for (const tenant of [await run({ dpop: true }, { dpop: false }), await run({})]) {
      expect((await tenant.events('token'))[0]?.['dpop']).toBeFalse();
      expect((await tenant.events('mcp')).at(-1)?.['scheme']).toBe('Bearer');
    }
  });
});
