import { randomToken, sha256, webCrypto } from './encoding.js';
import { jwkThumbprint, publicJwk, signJwt, type SigningKey } from './jwt.js';
import { withoutQuery } from './urls.js';

/** The DPoP algorithm rxmcp uses (ES256: every Web Crypto has it). */
export const DPOP_ALGORITHM = 'ES256';

/**
 * One DPoP key pair (RFC 9449) and the nonces servers handed out, per origin. The private key is not
 * extractable; tokens bound to it are useless without it.
 */
export class DpopSigner {
  private readonly nonces = new Map<string, string>();
  private jwk: Record<string, string> | undefined;

  private constructor(private readonly keyPair: CryptoKeyPair) {}

  /** A signer with a fresh ES256 key pair, or with `keyPair`. */
  static async create(keyPair?: CryptoKeyPair): Promise<DpopSigner> {
    const pair =
      keyPair ??
      ((await webCrypto().subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair);
    return new DpopSigner(pair);
  }

  private async publicKey(): Promise<Record<string, string>> {
    this.jwk ??= publicJwk(await webCrypto().subtle.exportKey('jwk', this.keyPair.publicKey));
    return this.jwk;
  }

  /** The RFC 7638 thumbprint of the public key (the `jkt` tokens are bound to). */
  async thumbprint(): Promise<string> {
    return jwkThumbprint(await this.publicKey());
  }

  /** Remembers the `DPoP-Nonce` a response from `url`'s origin carried. */
  rememberNonce(url: string, nonce: string | null): void {
    if (nonce !== null && nonce !== '' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(nonce)) this.nonces.set(new URL(url).origin, nonce);
  }

  /** The last nonce of `url`'s origin, if any. */
  nonceFor(url: string): string | undefined {
    return this.nonces.get(new URL(url).origin);
  }

  /**
   * A fresh proof for one request: `htm`, `htu` (the URL without query and fragment), `iat` (`now`, seconds),
   * a unique `jti`, the origin's nonce, and `ath` when the request carries `accessToken`.
   */
  async proof(method: string, url: string, now: number, accessToken?: string): Promise<string> {
    const signer: SigningKey = { key: this.keyPair.privateKey, alg: DPOP_ALGORITHM };
    const payload: Record<string, unknown> = { jti: randomToken(16), htm: method.toUpperCase(), htu: withoutQuery(url), iat: now };
    const nonce = this.nonceFor(url);
    if (nonce !== undefined) payload['nonce'] = nonce;
    if (accessToken !== undefined) payload['ath'] = await sha256(accessToken);
    return signJwt({ typ: 'dpop+jwt', jwk: await this.publicKey() }, payload, signer);
  }
}
