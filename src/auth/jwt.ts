import { base64url, base64urlJson, fromBase64, randomToken, utf8, webCrypto } from './encoding.js';

/** JWS algorithms rxmcp signs with (Web Crypto supports each in Node 20+ and current browsers). */
export type JwsAlgorithm =
  | 'ES256' | 'ES384' | 'ES512' | 'RS256' | 'RS384' | 'RS512' | 'PS256' | 'PS384' | 'PS512' | 'EdDSA';

/** A private key for `private_key_jwt` or DPoP: a Web Crypto key, a JWK, or PKCS #8 PEM text. */
export type PrivateKeyInput = CryptoKey | JsonWebKey | string;

/** A signing key ready for use. */
export interface SigningKey {
  readonly key: CryptoKey;
  readonly alg: JwsAlgorithm;
  /** The JWK `kid` to put in JWT headers, if any. */
  readonly kid?: string;
}

type Params = EcKeyImportParams | RsaHashedImportParams | Algorithm;

/** The Web Crypto import parameters of a JWS algorithm. */
export function importParams(alg: JwsAlgorithm): Params {
  switch (alg) {
    case 'ES256':
      return { name: 'ECDSA', namedCurve: 'P-256' };
    case 'ES384':
      return { name: 'ECDSA', namedCurve: 'P-384' };
    case 'ES512':
      return { name: 'ECDSA', namedCurve: 'P-521' };
    case 'RS256':
    case 'RS384':
    case 'RS512':
      return { name: 'RSASSA-PKCS1-v1_5', hash: `SHA-${alg.slice(2)}` };
    case 'PS256':
    case 'PS384':
    case 'PS512':
      return { name: 'RSA-PSS', hash: `SHA-${alg.slice(2)}` };
    case 'EdDSA':
      return { name: 'Ed25519' };
  }
}

function signParams(alg: JwsAlgorithm): AlgorithmIdentifier | EcdsaParams | RsaPssParams {
  if (alg.startsWith('ES')) return { name: 'ECDSA', hash: `SHA-${alg.slice(2)}` };
  if (alg.startsWith('PS')) return { name: 'RSA-PSS', saltLength: Number(alg.slice(2)) / 8 };
  return importParams(alg) as Algorithm;
}

/** The JWS algorithm a JWK implies, when it says (`alg`, or the curve of an EC or OKP key). */
function algorithmOfJwk(jwk: JsonWebKey): JwsAlgorithm | undefined {
  if (typeof jwk.alg === 'string') return jwk.alg as JwsAlgorithm;
  if (jwk.kty === 'EC') return ({ 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' } as const)[jwk.crv as 'P-256'];
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'RSA') return 'RS256';
  return undefined;
}

/** Imports `input` for signing with `alg` (default: what a JWK says, else ES256). */
export async function importSigningKey(input: PrivateKeyInput, alg?: JwsAlgorithm): Promise<SigningKey> {
  const subtle = webCrypto().subtle;
  if (typeof input === 'string') {
    const chosen = alg ?? 'ES256';
    const body = input.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '');
    if (input.includes('BEGIN RSA PRIVATE KEY') || input.includes('BEGIN EC PRIVATE KEY')) {
      throw new TypeError('Private keys must be PKCS #8 PEM ("BEGIN PRIVATE KEY"), a JWK or a CryptoKey');
    }
    const key = await subtle.importKey('pkcs8', fromBase64(body), importParams(chosen), false, ['sign']);
    return { key, alg: chosen };
  }
  if (isCryptoKey(input)) return { key: input, alg: alg ?? 'ES256' };
  const chosen = alg ?? algorithmOfJwk(input) ?? 'ES256';
  const key = await subtle.importKey('jwk', input, importParams(chosen), false, ['sign']);
  const kid = (input as { kid?: unknown }).kid;
  return typeof kid === 'string' ? { key, alg: chosen, kid } : { key, alg: chosen };
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof value === 'object' && value !== null && 'algorithm' in value && 'type' in value && 'usages' in value;
}

/** A compact JWS of `payload` with `header` (its `alg` is set from the key). */
export async function signJwt(
  header: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>,
  signer: SigningKey,
): Promise<string> {
  const input = `${base64urlJson({ ...header, alg: signer.alg })}.${base64urlJson(payload)}`;
  const signature = await webCrypto().subtle.sign(signParams(signer.alg), signer.key, utf8(input));
  return `${input}.${base64url(signature)}`;
}

/** The public members of a JWK (what a DPoP proof header carries), in RFC 7638 order for thumbprints. */
export function publicJwk(jwk: JsonWebKey): Record<string, string> {
  switch (jwk.kty) {
    case 'EC':
      return { crv: String(jwk.crv), kty: 'EC', x: String(jwk.x), y: String(jwk.y) };
    case 'OKP':
      return { crv: String(jwk.crv), kty: 'OKP', x: String(jwk.x) };
    default:
      return { e: String(jwk.e), kty: 'RSA', n: String(jwk.n) };
  }
}

/** The RFC 7638 SHA-256 thumbprint of a public JWK. */
export async function jwkThumbprint(jwk: JsonWebKey): Promise<string> {
  const digest = await webCrypto().subtle.digest('SHA-256', utf8(JSON.stringify(publicJwk(jwk))));
  return base64url(digest);
}

/** Options of `clientAssertion`. */
export interface AssertionClaims {
  readonly issuer: string;
  readonly subject: string;
  readonly audience: string;
  /** Seconds since the epoch. */
  readonly now: number;
  /** Lifetime in seconds (default 60). */
  readonly lifetime?: number;
}

/** An RFC 7523 JWT assertion (`private_key_jwt` client authentication). */
export function clientAssertion(claims: AssertionClaims, signer: SigningKey): Promise<string> {
  const header = signer.kid === undefined ? { typ: 'JWT' } : { typ: 'JWT', kid: signer.kid };
  return signJwt(header, {
    iss: claims.issuer,
    sub: claims.subject,
    aud: claims.audience,
    iat: claims.now,
    exp: claims.now + (claims.lifetime ?? 60),
    jti: randomToken(16),
  }, signer);
}
