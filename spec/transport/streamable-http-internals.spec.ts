import { EMPTY, from, lastValueFrom, NEVER, toArray } from 'rxjs';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { bodyText } from '../../src/transport/internal/http-body.js';
import { createHttpContext, reconnectDelay } from '../../src/transport/internal/http-context.js';
import { postFrame } from '../../src/transport/internal/http-post.js';
import { answers } from '../../src/transport/internal/http-response.js';
import { newCursor, reconnectingStream } from '../../src/transport/internal/http-stream.js';
import { parseSse, type SseItem } from '../../src/transport/internal/sse.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import type { OutboundFrame } from '../../src/transport/types.js';
import { createTestScheduler } from '../helpers/marbles.js';

const parse = (chunks: string[]): Promise<SseItem[]> => lastValueFrom(from(chunks).pipe(parseSse(), toArray()));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('Streamable HTTP internals', () => {
  describe('parseSse', () => {
    it('parses events split anywhere, with CRLF line ends, ids, types and retry; comments are dropped', async () => {
      const items = await parse(['id: 1\r', '\nretry: 500\r\ndata: {"a"', ':1}\r\n\r\n: keep-alive\n\nevent: ping\nda', 'ta: x\n\n']);
      expect(items).toEqual([
        { type: 'retry', ms: 500 },
        { type: 'event', event: undefined, id: '1', data: '{"a":1}' },
        { type: 'event', event: 'ping', id: undefined, data: 'x' },
      ]);
    });

    it('joins multi-line data, keeps priming events with empty data and drops an unterminated last event', async () => {
      const items = await parse(['data: a\ndata: b\n\nid: p\ndata:\n\ndata: cut']);
      expect(items).toEqual([
        { type: 'event', event: undefined, id: undefined, data: 'a\nb' },
        { type: 'event', event: undefined, id: 'p', data: '' },
      ]);
    });

    it('dispatches the last event when the stream ends right after a CR line end (CR-only line ends are SSE too)', async () => {
      expect(await parse(['data: {"id":1}\r\r'])).toEqual([{ type: 'event', event: undefined, id: undefined, data: '{"id":1}' }]);
      expect(await parse(['data: 0\n', '\r'])).toEqual([{ type: 'event', event: undefined, id: undefined, data: '0' }]);
    });

    it('fails with a TransportError when one event exceeds the buffer bound', async () => {
      const failure = await lastValueFrom(from(['data: ', 'x'.repeat(50)]).pipe(parseSse({ maxBufferSize: 20 }))).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure?.name).toBe('TransportError');
    });
  });

  describe('bodyText', () => {
    it('decodes a web ReadableStream whose chunks split a UTF-8 character', async () => {
      const encoded = bytes('Zürich ✓');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoded.subarray(0, 2));
          controller.enqueue(encoded.subarray(2, 9));
          controller.enqueue(encoded.subarray(9));
          controller.close();
        },
      });
      expect((await lastValueFrom(bodyText(body).pipe(toArray()))).join('')).toBe('Zürich ✓');
    });

    it('decodes an async iterable of byte and string chunks (the shape of a Node stream body)', async () => {
      async function* chunks() {
        yield bytes('da');
        yield 'ta: ';
        yield bytes('ü\n\n');
      }
      expect((await lastValueFrom(bodyText(chunks()).pipe(toArray()))).join('')).toBe('data: ü\n\n');
    });

    it('completes at once for a null body and cancels the stream on unsubscribe', async () => {
      expect(await lastValueFrom(bodyText(null).pipe(toArray()))).toEqual([]);
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(bytes('x')),
        cancel: () => {
          cancelled = true;
        },
      });
      bodyText(body).subscribe().unsubscribe();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(cancelled).toBe(true);
    });
  });

  describe('reconnection', () => {
    it('uses the server retry value when there is one, else a growing, capped backoff', () => {
      const policy = { initialDelayMs: 100, maxDelayMs: 1000, growFactor: 2, maxRetries: 3 };
      expect(reconnectDelay(policy, 500, 4)).toBe(500);
      expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(policy, undefined, attempt))).toEqual([100, 200, 400, 800, 1000]);
    });

    it('sends the resuming GET exactly the retry delay later, with Last-Event-ID (virtual time)', () => {
      const scheduler = createTestScheduler();
      const calls: { at: number; init: RequestInit }[] = [];
      const fetch: FetchLike = (_url, init) => {
        calls.push({ at: scheduler.now(), init });
        return new Promise<Response>(() => undefined);
      };
      scheduler.run(({ expectObservable }) => {
        const ctx = createHttpContext('http://127.0.0.1:9/mcp', { fetch });
        const cursor = { ...newCursor(), eventId: 'ev-7', retryMs: 500 };
        expectObservable(reconnectingStream(ctx, cursor, () => EMPTY, true), '^ 999ms !').toBe('');
      });
      expect(calls.map((call) => call.at)).toEqual([500]);
      expect(calls[0]?.init.method).toBe('GET');
      expect(calls[0]?.init.headers).toEqual(jasmine.objectContaining({ 'last-event-id': 'ev-7', accept: 'text/event-stream' }));
    });

    it('waits the initial reconnection delay when the server sent no retry value (virtual time)', () => {
      const scheduler = createTestScheduler();
      const calls: number[] = [];
      const fetch: FetchLike = () => {
        calls.push(scheduler.now());
        return new Promise<Response>(() => undefined);
      };
      scheduler.run(({ expectObservable }) => {
        const ctx = createHttpContext('http://127.0.0.1:9/mcp', { fetch, reconnect: { initialDelayMs: 250 } });
        expectObservable(reconnectingStream(ctx, { ...newCursor(), eventId: 'e' }, () => EMPTY, true), '^ 400ms !').toBe('');
      });
      expect(calls).toEqual([250]);
    });
  });

  describe('request teardown', () => {
    const frame: OutboundFrame = { message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } };
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';
    const recording = (respond: () => Promise<Response>) => {
      const signals: AbortSignal[] = [];
      const fetch: FetchLike = (_input, init) => {
        if (init.signal) signals.push(init.signal);
        return respond();
      };
      return { signals, ctx: createHttpContext('http://127.0.0.1:9/mcp', { fetch }) };
    };

    it('leaves a request alone once its JSON body has been read', async () => {
      const { signals, ctx } = recording(async () => new Response(answer, { headers: { 'content-type': 'application/json' } }));
      const frames = await lastValueFrom(postFrame(ctx, frame).pipe(toArray()));
      expect(frames.length).toBe(1);
      expect(signals.length).toBe(1);
      expect(signals[0]?.aborted).toBeFalse();
    });

    it('aborts a request unsubscribed before its response came', async () => {
      const { signals, ctx } = recording(() => new Promise<Response>(() => undefined));
      const subscription = postFrame(ctx, frame).subscribe();
      await Promise.resolve();
      subscription.unsubscribe();
      expect(signals.length).toBe(1);
      expect(signals[0]?.aborted).toBeTrue();
    });

    it('aborts a request that completed without taking its body', async () => {
      const body = new ReadableStream<Uint8Array>({ pull: () => lastValueFrom(NEVER) });
      const { signals, ctx } = recording(async () => new Response(body, { status: 202 }));
      await lastValueFrom(postFrame(ctx, { message: { jsonrpc: '2.0', method: 'notifications/initialized' } }).pipe(toArray()));
      expect(signals[0]?.aborted).toBeTrue();
    });
  });

  describe('answers', () => {
    it('recognises the response to a request id, also inside a batch, and nothing else', () => {
      expect(answers({ jsonrpc: '2.0', id: 3, result: {} }, 3)).toBe(true);
      expect(answers({ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } }, 3)).toBe(true);
      expect(answers([{ jsonrpc: '2.0', method: 'n' }, { jsonrpc: '2.0', id: 'a', result: {} }], 'a')).toBe(true);
      expect(answers({ jsonrpc: '2.0', id: 3, method: 'ping' }, 3)).toBe(false);
      expect(answers({ jsonrpc: '2.0', id: '3', result: {} }, 3)).toBe(false);
    });
  });

  it('describes itself as a Streamable HTTP transport that cancels by notification unless told otherwise', () => {
    const fetch: FetchLike = () => Promise.reject(new Error('unused'));
    expect(streamableHttp('http://127.0.0.1:9/mcp', { fetch }).kind).toBe('streamable-http');
    expect(streamableHttp('http://127.0.0.1:9/mcp', { fetch }).cancellation).toBe('notification');
    expect(streamableHttp('http://127.0.0.1:9/mcp', { fetch, cancellation: 'abort' }).cancellation).toBe('abort');
  });
});
