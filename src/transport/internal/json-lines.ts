import { Observable, type OperatorFunction } from 'rxjs';
import type { InboundFrame } from '../types.js';
import { parseJsonFrame } from './json-frame.js';
import { characterBoundary, collectedParts, joinBytes, utf8TextParts, type TextParts } from './line-text.js';

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
 * no chunk is kept and no joined copy of the bytes is made, so a large message costs its text and little more. The
 * maximum applies to a line without its terminator (`\r\n` or `\n`). A line over it holds at most `maxLineBytes`
 * + 1 bytes (room for a `\r` that may turn out to be its terminator) while it lasts: in `'skip'` mode the rest is
 * dropped as it arrives; in `'split'` mode partial lines are kept as bytes and handed on in pieces cut between UTF-8
 * characters.
 */
export class LineDecoder {
  private readonly maxLineBytes: number;
  private readonly overflow: 'skip' | 'split';
  private readonly keepBytes: number;
  private readonly decode: (bytes: Uint8Array) => string;
  private readonly textParts: () => TextParts;
  private readonly encoder = new TextEncoder();
  /** 'split' mode: the bytes of the unfinished line. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** 'skip' mode: the text of the unfinished line so far, and the decoder of its pieces. */
  private text = '';
  private parts: TextParts | undefined;
  /** 'skip' mode: the first `keepBytes` bytes of the unfinished line, kept for the start of a skipped one. */
  private head: Uint8Array[] = [];
  private headBytes = 0;
  /** The last byte buffered (or skipped) of the current line: a `\r` there may be its terminator. */
  private lastByte: number | undefined;
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

  /**
   * Bytes held for the unfinished line right now, whatever holds them: its bytes ('split' mode), the bytes whose text
   * is held ('skip' mode), the kept copy of its start, and the start of a line being skipped. At most
   * `maxLineBytes` + 1 (a line's content and a `\r`) plus `keepBytes`.
   */
  get bufferedBytes(): number {
    const sum = (pieces: readonly Uint8Array[]) => pieces.reduce((total, piece) => total + piece.length, 0);
    const split = sum(this.pending);
    const text = this.overflow === 'skip' ? this.pendingBytes : 0;
    const skipped = this.skipping === undefined ? 0 : this.encoder.encode(this.skipping.start).length;
    return split + text + sum(this.head) + skipped;
  }

  /** Feeds one chunk and calls `onLine` for every line it completes, in order (`onSkip` for each skipped one). */
  push(chunk: Uint8Array | string, onLine: (line: string) => void, onSkip: OnSkip = () => undefined): void {
    const bytes = typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(LF); end !== -1; end = bytes.indexOf(LF, start)) {
      if (this.pendingBytes === 0 && this.skipping === undefined && !this.isOver(end - start, bytes[end - 1])) {
        this.emit(bytes, start, end, onLine);
      } else {
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

  /** Whether a line of `size` bytes whose last byte is `last` is over the maximum once a `\r` there is dropped. */
  private isOver(size: number, last: number | undefined): boolean {
    return size > this.maxLineBytes + 1 || (size === this.maxLineBytes + 1 && last !== CR);
  }

  private append(part: Uint8Array, onLine: (line: string) => void): void {
    if (part.length === 0) return;
    this.lastByte = part[part.length - 1];
    if (this.skipping !== undefined) {
      this.skipping.size += part.length;
      return;
    }
    if (this.overflow === 'skip') {
      if (this.isOver(this.pendingBytes + part.length, this.lastByte)) {
        this.startSkipping(part);
        return;
      }
      this.parts ??= this.textParts();
      this.text += this.parts.part(part);
      this.pendingBytes += part.length;
      if (this.headBytes < this.keepBytes) this.keepHead(part);
      return;
    }
    let rest = part;
    while (this.isOver(this.pendingBytes + rest.length, this.lastByte)) rest = this.splitPiece(rest, onLine);
    this.pending.push(rest);
    this.pendingBytes += rest.length;
  }

  /** Hands on the first piece (at most the maximum, cut between characters) of what is held plus `rest`. */
  private splitPiece(rest: Uint8Array, onLine: (line: string) => void): Uint8Array {
    this.pending.push(rest);
    const joined = joinBytes(this.pending);
    this.reset();
    const cut = characterBoundary(joined, this.maxLineBytes);
    onLine(this.decode(joined.subarray(0, cut)));
    return joined.subarray(cut);
  }

  /** Keeps a copy of the start of a line piece by piece (the chunk itself may be reused by its producer). */
  private keepHead(part: Uint8Array): void {
    const piece = new Uint8Array(part.subarray(0, this.keepBytes - this.headBytes));
    this.head.push(piece);
    this.headBytes += piece.length;
  }

  /**
   * Keeps the start of the line that just went over the maximum (its first `keepBytes` bytes, decoded: the same
   * whatever the chunking) and drops the rest of it from now on.
   */
  private startSkipping(rest: Uint8Array): void {
    const size = this.pendingBytes + rest.length;
    if (this.headBytes < this.keepBytes) this.keepHead(rest);
    const start = this.decode(joinBytes(this.head));
    this.reset();
    this.skipping = { start, size };
  }

  private flushLine(onLine: (line: string) => void, onSkip: OnSkip): void {
    const skipped = this.skipping;
    const endsInCr = this.lastByte === CR;
    this.lastByte = undefined;
    if (skipped !== undefined) {
      this.skipping = undefined;
      onSkip(skipped.start, endsInCr ? skipped.size - 1 : skipped.size);
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
    const bytes = joinBytes(this.pending);
    this.reset();
    this.emit(bytes, 0, bytes.length, onLine);
  }

  /** Delivers `bytes[start, end)` as one line: a trailing `\r` is dropped, an empty line skipped. */
  private emit(bytes: Uint8Array, start: number, end: number, onLine: (line: string) => void): void {
    const stop = end > start && bytes[end - 1] === CR ? end - 1 : end;
    if (stop > start) onLine(this.decode(start === 0 && stop === bytes.length ? bytes : bytes.subarray(start, stop)));
  }

  private reset(): void {
    if (this.pending.length > 0) this.pending = [];
    this.pendingBytes = 0;
    this.text = '';
    this.parts = undefined;
    if (this.head.length > 0) this.head = [];
    this.headBytes = 0;
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
