// Decoding and verifying compact JWS in specs, with Web Crypto only (Node and the browser alike).

/** The decoded parts of a compact JWS. */
export interface DecodedJws {
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
  readonly signingInput: string;
  readonly signature: Uint8Array<ArrayBuffer>;
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Splits and decodes a compact JWS. */
export function decodeJws(jws: string): DecodedJws {
  const [header = '', payload = '', signature = ''] = jws.split('.');
  const json = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64url(part))) as Record<string, unknown>;
  return { header: json(header), payload: json(payload), signingInput: `${header}.${payload}`, signature: fromBase64url(signature) };
}

/** True when the ES256 signature of `jws` verifies with `key` (a public CryptoKey or JWK). */
export async function verifiesEs256(jws: string, key: CryptoKey | JsonWebKey): Promise<boolean> {
  const { signingInput, signature } = decodeJws(jws);
  const publicKey =
    'kty' in key ? await crypto.subtle.importKey('jwk', key, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']) : (key as CryptoKey);
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, new TextEncoder().encode(signingInput));
}

/** base64url(SHA-256(text)). */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh ES256 key pair and its private key as PKCS #8 PEM. */
export async function es256KeyPair(): Promise<{ pair: CryptoKeyPair; pem: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const body = btoa(String.fromCharCode(...der)).replace(/(.{64})/g, '$1\n');
  return { pair, pem: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n` };
}
