import { clientAuthentication, type ClientIdentity } from '../../src/auth/client-auth.js';
import { clientAssertion, importSigningKey, jwkThumbprint } from '../../src/auth/jwt.js';
import { decodeJws, es256KeyPair, verifiesEs256 } from '../helpers/auth-jws.js';

describe('JWTs of client authentication (Web Crypto)', () => {
  it('signs a private_key_jwt assertion with a PKCS #8 PEM key: iss and sub the client, aud the issuer, short-lived, unique', async () => {
    const { pair, pem } = await es256KeyPair();
    const signer = await importSigningKey(pem, 'ES256');
    const claims = { issuer: 'client-1', subject: 'client-1', audience: 'https://as.example', now: 1_700_000_000 };
    const first = await clientAssertion(claims, signer);
    const second = await clientAssertion(claims, signer);
    expect(await verifiesEs256(first, pair.publicKey)).toBeTrue();
    const { header, payload } = decodeJws(first);
    expect(header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(payload).toEqual(jasmine.objectContaining({ iss: 'client-1', sub: 'client-1', aud: 'https://as.example', iat: 1_700_000_000, exp: 1_700_000_060 }));
    expect(payload['jti']).not.toEqual(decodeJws(second).payload['jti']);
  });

  it('puts a fresh assertion in the body for private_key_jwt, and client_id alone for none', async () => {
    const { pem } = await es256KeyPair();
    const signer = await importSigningKey(pem);
    const client: ClientIdentity = { issuer: 'https://as.example', clientId: 'c1', method: 'private_key_jwt', signer, source: 'pre-registered' };
    const { headers, params } = await clientAuthentication(client, 1_700_000_000);
    expect(headers).toEqual({});
    expect(params['client_assertion_type']).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(decodeJws(params['client_assertion']!).payload['aud']).toBe('https://as.example');
    const none = await clientAuthentication({ ...client, method: 'none' }, 0);
    expect(none).toEqual({ headers: {}, params: { client_id: 'c1' } });
  });

  it('form-encodes client_secret_basic credentials before base64 (RFC 6749 §2.3.1)', async () => {
    const client: ClientIdentity = { issuer: 'x', clientId: 'my client', clientSecret: 'p@ss:word', method: 'client_secret_basic', source: 'registered' };
    const { headers, params } = await clientAuthentication(client, 0);
    expect(atob(headers['authorization']!.slice('Basic '.length))).toBe('my+client:p%40ss%3Aword');
    expect(params).toEqual({});
  });

  it('computes the RFC 7638 thumbprint of the RFC example key', async () => {
    const jwk = {
      kty: 'RSA',
      n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
      e: 'AQAB',
      alg: 'RS256',
      kid: '2011-04-29',
    };
    expect(await jwkThumbprint(jwk)).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });
});
