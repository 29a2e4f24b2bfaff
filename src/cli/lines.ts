import type { CliInput } from './io.js';
import { InterruptedError } from './errors.js';

/** Reads standard input one line at a time, for prompts. */
export interface LineReader {
  /** The next line (without its line break); `undefined` at the end of the input. Rejects when `signal` aborts. */
  next(signal?: AbortSignal): Promise<string | undefined>;
}

/**
 * A line reader over an input. It holds one iterator for the whole run (ending an iterator of `process.stdin` would
 * destroy the stream), so later prompts read on where earlier ones stopped.
 */
export function lineReader(input: CliInput | undefined): LineReader {
  let buffer = typeof input === 'string' ? input : '';
  const iterator = input === undefined || typeof input === 'string' ? undefined : input[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  let ended = iterator === undefined;
  const take = (): string | undefined => {
    const end = buffer.indexOf('\n');
    if (end === -1) {
      if (!ended || buffer === '') return undefined;
      const rest = buffer;
      buffer = '';
      return rest;
    }
    const line = buffer.slice(0, end).replace(/\r$/, '');
    buffer = buffer.slice(end + 1);
    return line;
  };
  const read = async (): Promise<string | undefined> => {
    for (;;) {
      const line = take();
      if (line !== undefined || ended) return line;
      const chunk = await (iterator as AsyncIterator<string | Uint8Array>).next();
      if (chunk.done === true) ended = true;
      else buffer += typeof chunk.value === 'string' ? chunk.value : decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    next: (signal) => {
      if (signal?.aborted === true) return Promise.reject(new InterruptedError());
      if (signal === undefined) return read();
      return new Promise((resolve, reject) => {
        const onAbort = (): void => reject(new InterruptedError());
        signal.addEventListener('abort', onAbort, { once: true });
        read().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}
