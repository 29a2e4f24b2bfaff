/**
 * JSON text of `value` with the keys of every object sorted and no white space, so that two values equal as data
 * give the same text whatever the order their keys came in. `undefined` members are left out, as `JSON.stringify`
 * does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record).sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/** The SHA-256 of `text` (UTF-8), in lowercase hex, through Web Crypto (`crypto.subtle`, in browsers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
