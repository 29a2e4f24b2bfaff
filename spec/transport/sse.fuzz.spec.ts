import * as fc from 'fast-check';
import { from, lastValueFrom, toArray } from 'rxjs';
import { TransportError } from '../../src/errors/errors.js';
import { answers } from '../../src/transport/internal/http-response.js';
import { eventStreamFrames, newCursor } from '../../src/transport/internal/http-stream.js';
import { parseJsonFrame } from '../../src/transport/internal/json-frame.js';
import { parseSse, type SseItem } from '../../src/transport/internal/sse.js';
import type { InboundFrame } from '../../src/transport/types.js';
import { cutsOf, fuzzParams, splitAt, unicodeText } from '../helpers/fuzz.js';

/**
 * An independent reading of a `text/event-stream` (WHATWG HTML, "Interpreting an event stream"): lines end at CRLF,
 * LF or CR; a blank line dispatches the event when it has data; `id` belongs to the event it is sent with (as
 * `SseEvent.id` documents); `retry` counts only when it is all digits; unknown fields and comments are ignored.
 */
function readEventStream(text: string): SseItem[] {
  const items: SseItem[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.pop(); // the part after the last line end is not a line yet
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  for (const line of lines) {
    if (line === '') {
      if (data.length > 0) items.push({ type: 'event', event, id, data: data.join('\n') });
      data = [];
      event = undefined;
      id = undefined;
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value === '' ? undefined : value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) items.push({ type: 'retry', ms: Number(value) });
  }
  return items;
}

const responseTo = (id: number) => ({ jsonrpc: '2.0', id, result: { n: id } });
const noBreaks = (text: string): string => text.replace(/[\r\n]/g, ' ');

/** Lines a server (or a broken one) may send: JSON data, text data, fields, comments, garbage, blank lines. */
const sseLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue().map((value) => `data: ${JSON.stringify(value)}`) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 }).map((id) => `data:${JSON.stringify(responseTo(id))}`) },
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: unicodeText(16).map((text) => `data: ${noBreaks(text)}`) },
  { weight: 1, arbitrary: fc.constantFrom('data', 'data:', 'data: ', 'event: message', 'event: other', 'event:', 'id', 'id:') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map((n) => `id: ${n}`) },
  { weight: 1, arbitrary: fc.oneof(fc.nat({ max: 99999 }).map(String), fc.constantFrom('x', '-1', '1.5', ' 7', '')).map((v) => `retry: ${v}`) },
  { weight: 1, arbitrary: unicodeText(16).map((text) => `:${noBreaks(text)}`) },
  { weight: 1, arbitrary: unicodeText(16).map(noBreaks) },
);

const sseText = fc
  .array(fc.tuple(sseLine, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 30 })
  .map((lines) => lines.map(([line, end]) => line + end).join(''));

const textCase = sseText.chain((text) => cutsOf(text.length).map((cuts) => ({ text, cuts })));

async function parse(chunks: readonly string[], maxBufferSize?: number): Promise<{ items: SseItem[]; error?: unknown }> {
  const items: SseItem[] = [];
  try {
    await lastValueFrom(from(chunks).pipe(parseSse(maxBufferSize === undefined ? {} : { maxBufferSize }), toArray())).then((all) => items.push(...all));
    return { items };
  } catch (error) {
    return { items, error };
  }
}

describe('parseSse under arbitrary chunking (property)', () => {
  it('emits every event and retry of the stream once, in order, whatever the chunks and line ends', async () => {
    await fc.assert(
      fc.asyncProperty(textCase, async ({ text, cuts }) => {
        const { items, error } = await parse(splitAt(text, cuts));
        throwUnless(error).toBeUndefined();
        throwUnless(items).toEqual(readEventStream(text));
      }),
      fuzzParams(300),
    );
  });

  it('with a buffer limit, emits a prefix of those events, then fails with a TransportError, or all of them', async () => {
    await fc.assert(
      fc.asyncProperty(textCase, fc.integer({ min: 1, max: 200 }), async ({ text, cuts }, limit) => {
        const expected = readEventStream(text);
        const { items, error } = await parse(splitAt(text, cuts), limit);
        throwUnless(items).toEqual(expected.slice(0, items.length));
        if (error === undefined) throwUnless(items.length).toBe(expected.length);
        else throwUnless(TransportError.is(error)).withContext(String(error)).toBeTrue();
      }),
      fuzzParams(200),
    );
  });
});

/** A body of `bytes` delivered in the given chunks, as `fetch` hands it out. */
function eventStreamResponse(chunks: readonly Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** What `eventStreamFrames` must emit: one frame per `message` event with data, up to the awaited response. */
function expectedFrames(items: readonly SseItem[], awaitId: number | undefined): { frames: InboundFrame[]; eventId?: string; retryMs?: number; done: boolean } {
  const frames: InboundFrame[] = [];
  let eventId: string | undefined;
  let retryMs: number | undefined;
  for (const item of items) {
    if (item.type === 'retry') {
      retryMs = item.ms;
      continue;
    }
    if (item.id !== undefined) eventId = item.id;
    if (item.data === '' || (item.event !== undefined && item.event !== 'message')) continue;
    const frame = parseJsonFrame(item.data, item.id === undefined ? { httpStatus: 200 } : { httpStatus: 200, eventId: item.id });
    frames.push(frame);
    if (awaitId !== undefined && answers(frame.message, awaitId)) return { frames, eventId, retryMs, done: true };
  }
  return { frames, eventId, retryMs, done: false };
}

describe('eventStreamFrames over a response body in arbitrary byte chunks (property)', () => {
  const bodyCase = sseText.chain((text) => {
    const bytes = new TextEncoder().encode(text);
    return fc.record({ cuts: cutsOf(bytes.length), awaitId: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) })
      .map(({ cuts, awaitId }) => ({ text, bytes, cuts, awaitId }));
  });

  it('emits each message event as one frame (malformed when not JSON), keeps the cursor, and stops at the awaited response', async () => {
    await fc.assert(
      fc.asyncProperty(bodyCase, async ({ text, bytes, cuts, awaitId }) => {
        const cursor = newCursor();
        const frames = await lastValueFrom(eventStreamFrames(eventStreamResponse(splitAt(bytes, cuts)), cursor, awaitId, undefined).pipe(toArray()));
        const expected = expectedFrames(readEventStream(text), awaitId);
        throwUnless(frames).toEqual(expected.frames);
        throwUnless(cursor.done).toBe(expected.done);
        throwUnless(cursor.eventId).toBe(expected.eventId);
        if (!expected.done) throwUnless(cursor.retryMs).toBe(expected.retryMs);
      }),
      fuzzParams(200),
    );
  });
});
