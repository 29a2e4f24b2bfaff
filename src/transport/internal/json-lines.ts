import { Observable, type OperatorFunction } from 'rxjs';
import type { InboundFrame } from '../types.js';
import { parseJsonFrame } from './json-frame.js';

/** Default upper bound of one newline-delimited message, in bytes (64 MiB). */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/** Options of `LineDecoder`. */
export interface LineDecoderOptions {
  /** Largest line accepted, in bytes, without its line terminator. Default `DEFAULT_MAX_MESSAGE_BYTES`. */
  readonly maxLineBytes?: number;
  /**
   * What to do with a longer line: `'skip'` (default) drops it as it arrives and hands its start and size to
   * `onSkip`; `'split'` emits it in pieces of at most `maxLineBytes` (for unframed text such as logs).
   */
  readonly overflow?: 'skip' | 'split';
  /** How many bytes of a skipped line's start are kept for `onSkip` (default 4096). */
  readonly keepBytes?: number;
  /** Turns the bytes of one complete line into text (default: a UTF-8 `TextDecoder`). */
  readonly decode?: (bytes: Uint8Array) => string;
  /**
   * Decodes a line that arrives in several chunks as the chunks come, so that none of them is kept (default: a
   * streaming UTF-8 `TextDecoder`). Not used in `'split'` mode.
   */
  readonly textParts?: () => TextParts;
}

/** Decodes the pieces of one line in order: `part` for each, `end` once (what a piece cut mid-character left over). */
export interface TextParts {
  part(bytes: Uint8Array): string;
  end(): string;
}

/** A streaming UTF-8 decoder for the pieces of one line. */
export function utf8TextParts(): TextParts {
  const decoder = new TextDecoder();
  return { part: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/**
 * The pieces of one line kept as bytes and handed to `decode` whole at the end: what a caller-given `decode` needs,
 * since it cannot be fed piece by piece.
 */
function collectedParts(decode: (bytes: Uint8Array) => string): () => TextParts {
  return () => {
    const pieces: Uint8Array[] = [];
    return {
      part: (bytes) => {
        pieces.push(bytes);
        return '';
      },
      end: () => {
        const line = pieces.length === 1 ? pieces[0]! : joinBytes(pieces);
        return decode(line[line.length - 1] === CR ? line.subarray(0, -1) : line);
      },
    };
  };
}

function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

/** Receives the start (decoded, possibly cut mid-character) and the full size in bytes of a skipped line. */
export type OnSkip = (start: string, size: number) => void;

/** Default number of bytes kept of a skipped line's start. */
const DEFAULT_KEEP_BYTES = 4096;

/**
 * Splits a byte stream into UTF-8 text lines at `\n` (a trailing `\r` is dropped, blank lines are skipped).
 *
 * Cost is linear in the input: each chunk is scanned once, and a line that lies inside one chunk is decoded straight
 * from it. A line that spans chunks is decoded piece by piece as the chunks arrive (a streaming decoder keeps
 * multi-byte sequences cut between chunks whole), and its text is put together once when its terminator arrives:
 * no chunk is kept and no joined copy of the bytes is made, so a large message costs its text and little more. A
 * line over the maximum holds at most `maxLineBytes` while it lasts: in `'skip'` mode the rest is dropped as it
 * arrives. In `'split'` mode partial lines are kept as bytes (they are cut at byte counts).
 */
export class LineDecoder {
  private readonly maxLineBytes: number;
  private readonly overflow: 'skip' | 'split';
  private readonly keepBytes: number;
  private readonly decode: (bytes: Uint8Array) => string;
  private readonly textParts: () => TextParts;
  private readonly encoder = new TextEncoder();
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** 'skip' mode: the text of the unfinished line so far, and the decoder of its pieces. */
  private text = '';
  private parts: TextParts | undefined;
  /** The line being skipped: its kept start and its size so far. */
  private skipping: { readonly start: string; size: number } | undefined;

  constructor(options: LineDecoderOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.overflow = options.overflow ?? 'skip';
    this.keepBytes = Math.min(options.keepBytes ?? DEFAULT_KEEP_BYTES, this.maxLineBytes);
    this.textParts = options.textParts ?? (options.decode === undefined ? utf8TextParts : collectedParts(options.decode));
    if (options.decode === undefined) {
      const decoder = new TextDecoder();
      this.decode = (bytes) => decoder.decode(bytes);
    } else {
      this.decode = options.decode;
    }
  }

  /** Bytes of an unfinished line held right now (at most `maxLineBytes`). */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  /** Feeds one chunk and calls `onLine` for every line it completes, in order (`onSkip` for each skipped one). */
  push(chunk: Uint8Array | string, onLine: (line: string) => void, onSkip: OnSkip = () => undefined): void {
    const bytes = typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(LF); end !== -1; end = bytes.indexOf(LF, start)) {
      if (this.pendingBytes === 0 && this.skipping === undefined && end - start <= this.maxLineBytes) this.emit(bytes, start, end, onLine);
      else {
        this.append(bytes.subarray(start, end), onLine);
        this.flushLine(onLine, onSkip);
      }
      start = end + 1;
    }
    if (start < bytes.length) this.append(start === 0 ? bytes : bytes.subarray(start), onLine);
  }

  /** Ends the input: a last line without a terminator is delivered too. */
  end(onLine: (line: string) => void, onSkip: OnSkip = () => undefined): void {
    this.flushLine(onLine, onSkip);
  }

  private append(part: Uint8Array, onLine: (line: string) => void): void {
    if (this.skipping !== undefined) {
      this.skipping.size += part.length;
      return;
    }
    if (this.overflow === 'skip') {
      if (this.pendingBytes + part.length > this.maxLineBytes) this.startSkipping(part);
      else if (part.length > 0) {
        this.parts ??= this.textParts();
        this.text += this.parts.part(part);
        this.pendingBytes += part.length;
      }
      return;
    }
    let rest = part;
    while (this.pendingBytes + rest.length > this.maxLineBytes) {
      const room = this.maxLineBytes - this.pendingBytes;
      this.pending.push(rest.subarray(0, room));
      this.pendingBytes += room;
      this.flushLine(onLine, () => undefined);
      rest = rest.subarray(room);
    }
    if (rest.length > 0) {
      this.pending.push(rest);
      this.pendingBytes += rest.length;
    }
  }

  /** Keeps the start of the line that just went over the maximum and drops the rest of it from now on. */
  private startSkipping(rest: Uint8Array): void {
    const size = this.pendingBytes + rest.length;
    const parts = this.parts ?? this.textParts();
    const kept = this.text.length >= this.keepBytes ? this.text : this.text + parts.part(rest.subarray(0, this.keepBytes)) + parts.end();
    this.reset();
    this.skipping = { start: kept.slice(0, this.keepBytes), size };
  }

  private flushLine(onLine: (line: string) => void, onSkip: OnSkip): void {
    const skipped = this.skipping;
    if (skipped !== undefined) {
      this.skipping = undefined;
      onSkip(skipped.start, skipped.size);
      return;
    }
    if (this.pendingBytes === 0) return;
    if (this.overflow === 'skip') {
      const text = this.text + (this.parts?.end() ?? '');
      this.reset();
      const line = text.endsWith('\r') ? text.slice(0, -1) : text;
      if (line !== '') onLine(line);
      return;
    }
    const bytes = this.joinPending();
    this.reset();
    this.emit(bytes, 0, bytes.length, onLine);
  }

  /** Delivers `bytes[start, end)` as one line: a trailing `\r` is dropped, an empty line skipped. */
  private emit(bytes: Uint8Array, start: number, end: number, onLine: (line: string) => void): void {
    const stop = end > start && bytes[end - 1] === CR ? end - 1 : end;
    if (stop > start) onLine(this.decode(start === 0 && stop === bytes.length ? bytes : bytes.subarray(start, stop)));
  }

  private joinPending(): Uint8Array {
    const [first] = this.pending;
    return this.pending.length === 1 && first !== undefined ? first : joinBytes(this.pending);
  }

  private reset(): void {
    if (this.pending.length > 0) this.pending = [];
    this.pendingBytes = 0;
    this.text = '';
    this.parts = undefined;
  }
}

/** Options of `decodeJsonLines`. */
export interface JsonLinesOptions {
  /** Largest message accepted, in bytes. Default `DEFAULT_MAX_MESSAGE_BYTES` (64 MiB). */
  readonly maxMessageBytes?: number;
  /** Turns the bytes of one message into text (default: a UTF-8 `TextDecoder`). */
  readonly decode?: (bytes: Uint8Array) => string;
  /** Decodes the pieces of a message that spans chunks as they arrive (default: a streaming UTF-8 decoder). */
  readonly textParts?: () => TextParts;
}

/**
 * Operator: turns a stream of byte (or text) chunks into one `InboundFrame` per newline-delimited message.
 * A line that is not JSON becomes a `malformed` frame; a message over `maxMessageBytes` is skipped as it arrives
 * (never buffered whole) and becomes a `malformed` frame with `tooLarge` and the message's start, so the session
 * can fail the one request it answers. The stream goes on either way.
 *
 * - **Temperature:** as the source; each subscription has its own decoder.
 * - **Emits:** one frame per non-blank line, in order.
 * - **Completes:** when the source completes, after delivering a last unterminated line.
 * - **Errors:** any error of the source, as it is.
 * - **Teardown:** unsubscribes from the source.
 */
export function decodeJsonLines(options: JsonLinesOptions = {}): OperatorFunction<Uint8Array | string, InboundFrame> {
  return (source) =>
    new Observable<InboundFrame>((subscriber) => {
      const maxLineBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
      const decoder = new LineDecoder({
        maxLineBytes,
        ...(options.decode === undefined ? {} : { decode: options.decode }),
        ...(options.textParts === undefined ? {} : { textParts: options.textParts }),
      });
      const onLine = (line: string): void => subscriber.next(parseJsonFrame(line));
      const onSkip = (start: string, size: number): void => {
        const tooLarge = { size, limit: maxLineBytes };
        subscriber.next({ malformed: { raw: start, reason: `message of ${size} bytes exceeds the maximum of ${maxLineBytes}`, tooLarge } });
      };
      return source.subscribe({
        next: (chunk) => decoder.push(chunk, onLine, onSkip),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          decoder.end(onLine, onSkip);
          subscriber.complete();
        },
      });
    });
}

/** Serialises one message as a newline-terminated line (compact JSON never contains a raw newline). */
export function encodeJsonLine(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}
