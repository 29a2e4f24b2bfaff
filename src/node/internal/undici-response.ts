// The response of an undici `request`, seen as the part of a WHATWG `Response` the HTTP transports read: status,
// headers, the body as chunks as they arrive (an async iterable, which `bodyText` reads), and `text()` that decodes a
// whole body with one copy of its bytes.
import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';

/** The body of an undici response: a Node `Readable` of `Buffer` chunks, with undici's `bodyUsed`. */
export interface UndiciBody extends Readable {
  readonly bodyUsed: boolean;
}

/** What undici's `request` resolves with, as far as this module reads it. */
export interface UndiciResponseData {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: UndiciBody;
}

/** Bodies up to this size (and bodies of unknown size) are gathered as chunks; larger ones into one buffer. */
const GATHER_LIMIT = 64 * 1024;

/**
 * The response headers as a read-only `Headers`-like view of undici's record (names already lower-case; a repeated
 * header joined with `, `, as `Headers.get` joins it). The global `Headers` is not used: touching it loads Node's
 * own copy of undici (about 10 MB and, on a busy machine, a hundred milliseconds and more) next to this one.
 */
export class ResponseHeaders {
  readonly #raw: Record<string, string | string[] | undefined>;

  constructor(raw: Record<string, string | string[] | undefined>) {
    this.#raw = raw;
  }

  /** The header's value, `null` when absent. */
  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  /** True when the header is present. */
  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }

  /** Calls `callback` with each header's value and name. */
  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.entries()) callback(value, name);
  }

  /** The headers as `[name, value]` pairs, sorted by name as `Headers` iterates them. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#raw).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }

  /** The header names. */
  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  /** The header values. */
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** The declared length of a body, when it is one decimal number. */
function declaredLength(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The bytes of `body`, read as they arrive. With a declared length above `GATHER_LIMIT` each chunk is copied into one
 * buffer of that length as it arrives and then dropped, so the bytes are held once (undici's own `text()` holds the
 * chunks and their concatenation at the same time); a body longer than declared falls back to gathering.
 */
function readBytes(body: Readable, length: number | undefined): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let whole = length !== undefined && length > GATHER_LIMIT ? Buffer.allocUnsafe(length) : undefined;
    let filled = 0;
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => {
      if (whole !== undefined && filled + chunk.length <= whole.length) {
        chunk.copy(whole, filled);
        filled += chunk.length;
        return;
      }
      if (whole !== undefined) {
        chunks.push(whole.subarray(0, filled));
        whole = undefined;
      }
      chunks.push(chunk);
    });
    body.once('error', reject);
    body.once('end', () => {
      if (whole !== undefined) resolve(filled === whole.length ? whole : whole.subarray(0, filled));
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
  });
}

/** Decodes UTF-8 bytes the way `Response.text()` does: a leading byte order mark is dropped. */
function utf8(bytes: Buffer): string {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}

/**
 * An undici response with the members of `Response` the transports use (`ok`, `status`, `statusText`, `headers`,
 * `body`, `bodyUsed`, `text()`, `arrayBuffer()`, `url`, `redirected`, `type`). `body` is a Node `Readable`, which is
 * async-iterable: the transports read event streams from it as chunks arrive.
 */
export class UndiciResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ResponseHeaders;
  readonly body: UndiciBody;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';

  constructor(data: UndiciResponseData, url: string) {
    this.status = data.statusCode;
    this.statusText = STATUS_CODES[data.statusCode] ?? '';
    this.headers = new ResponseHeaders(data.headers);
    this.body = data.body;
    this.url = url;
  }

  /** True for a 2xx status. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  /** True once the body has been read from or cancelled. */
  get bodyUsed(): boolean {
    return this.body.bodyUsed;
  }

  /** The whole body as text (UTF-8), decoded once it has arrived. */
  text(): Promise<string> {
    return readBytes(this.body, declaredLength(this.headers.get('content-length'))).then(utf8);
  }

  /** The whole body as bytes. */
  arrayBuffer(): Promise<ArrayBuffer> {
    return readBytes(this.body, declaredLength(this.headers.get('content-length'))).then(
      (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  }
}
