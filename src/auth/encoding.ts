/** The platform's Web Crypto (`globalThis.crypto`): Node 20+ and every browser rxmcp supports. */
export function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (crypto?.subtle === undefined) throw new TypeError('Web Crypto (globalThis.crypto.subtle) is not available');
  return crypto;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of `text`. */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text) as Uint8Array<ArrayBuffer>;

/** Base64url without padding (RFC 4648 §5), the encoding of JWTs, PKCE and JWK thumbprints. */
export function base64url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of standard base64 (PEM bodies), whitespace ignored. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `bytes` random bytes as base64url (a 32-byte value gives 43 characters). */
export function randomToken(bytes = 32): string {
  return base64url(webCrypto().getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of the UTF-8 bytes of `text`, base64url. */
export async function sha256(text: string): Promise<string> {
  return base64url(await webCrypto().subtle.digest('SHA-256', utf8(text)));
}

/** A JSON value as base64url of its UTF-8 JSON (a JWT header or payload). */
export const base64urlJson = (value: unknown): string => base64url(utf8(JSON.stringify(value)));

/** `application/x-www-form-urlencoded` encoding of one value (spaces as `+`), as RFC 6749 §2.3.1 asks. */
export const formEncode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');

/** A form body of the defined entries of `params`. */
export function formBody(params: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`)
    .join('&');
}

/** Constant-time comparison of two strings (state and similar values). */
export function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
