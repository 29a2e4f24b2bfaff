import { Observable, type Subscriber } from 'rxjs';

/** A response body as the platform `fetch` (web `ReadableStream`) or node-fetch v2 (Node `Readable`) gives it. */
export type ResponseBody = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** One way to pull chunks from a body, whatever its kind. */
interface ChunkSource {
  next(): Promise<IteratorResult<Uint8Array | string>>;
  release(): void;
}

function chunkSource(body: ResponseBody): ChunkSource {
  if (typeof (body as Partial<ReadableStream<Uint8Array>>).getReader === 'function') {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      release: () => void reader.cancel().catch(() => undefined),
    };
  }
  const iterator = (body as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  return {
    next: () => iterator.next(),
    release: () => void iterator.return?.()?.catch(() => undefined),
  };
}

function pump(source: ChunkSource, subscriber: Subscriber<string>): void {
  const decoder = new TextDecoder();
  const step = (): void => {
    source.next().then(({ done, value }) => {
      if (subscriber.closed) return;
      if (done) {
        const rest = decoder.decode();
        if (rest) subscriber.next(rest);
        subscriber.complete();
        return;
      }
      const text = typeof value === 'string' ? value : decoder.decode(value, { stream: true });
      if (text) subscriber.next(text);
      step();
    }, (error: unknown) => subscriber.error(error));
  };
  step();
}

/**
 * A response body as UTF-8 text chunks, for web `ReadableStream` bodies and Node `Readable` bodies alike.
 *
 * - **Temperature:** cold, but a body can be read once: subscribe once.
 * - **Emits:** decoded text chunks (never empty), as they arrive.
 * - **Completes:** at the end of the body. A `null` body completes at once.
 * - **Errors:** whatever the body read failed with (network drop, abort).
 * - **Teardown:** cancels the read and releases the body.
 */
export function bodyText(body: ResponseBody | null): Observable<string> {
  return new Observable<string>((subscriber) => {
    if (body === null) {
      subscriber.complete();
      return undefined;
    }
    const source = chunkSource(body);
    pump(source, subscriber);
    return () => source.release();
  });
}
