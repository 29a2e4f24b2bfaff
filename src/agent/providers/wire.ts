// How a model request travels: over `fetch` (a JSON answer, or a `text/event-stream` parsed with eventsource-parser)
// or through a provider SDK's `create` method (a JSON object, or an async iterable of stream events). Either way the
// answer is one JSON value or a stream of event payloads, which an API's codec turns into turn events.
import { Observable, concat, defer, filter, from, map, mergeMap, takeWhile, type Subscription } from 'rxjs';
import { resolveFetch, type FetchLike } from '../../transport/internal/fetch.js';
import { bodyText, type ResponseBody } from '../../transport/internal/http-body.js';
import { parseSse, type SseEvent } from '../../transport/internal/sse.js';
import { ModelEndpointError } from '../errors.js';
import type { ModelReply, ModelTurnEvent, ModelUsage } from './types.js';

/** What an API answered: one JSON value, or the payloads of its stream events in order. */
export type ModelAnswer =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'events'; readonly events: Observable<unknown> };

/** Sends one request body; resolves with the answer, rejects with the failure. */
export type ModelExchange = (body: Readonly<Record<string, unknown>>, signal: AbortSignal) => Promise<ModelAnswer>;

/** Reads one API's answers. */
export interface ApiCodec<M> {
  /** A whole (not streamed) answer: its reply and its token counts. */
  whole(value: unknown): { readonly reply: ModelReply<M>; readonly usage: ModelUsage | undefined };
  /** A fresh reader of one streamed answer. */
  stream(): StreamReader<M>;
}

/** Reads the events of one streamed answer. */
export interface StreamReader<M> {
  /** The turn events one stream event gives (text deltas, usage); throws `ModelEndpointError` on an error event. */
  event(data: unknown): readonly ModelTurnEvent<M>[];
  /** The reply, once the stream ended; throws `ModelEndpointError` when the stream ended before the answer did. */
  end(): ModelReply<M>;
}

/** Where a provider's HTTP API is. */
export interface HttpTarget {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch?: FetchLike;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The endpoint's error message out of an error body (OpenAI and Anthropic both nest it in `error.message`). */
function detailOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 500);
}

async function failure(response: Response): Promise<ModelEndpointError> {
  const detail = detailOf(await response.text().catch(() => ''));
  return new ModelEndpointError(`The model endpoint answered HTTP ${response.status}${detail === '' ? '' : `: ${detail}`}`, { status: response.status });
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new ModelEndpointError('The model endpoint streamed an event that is not JSON', { cause: error });
  }
}

function sseEvents(body: ResponseBody | null): Observable<unknown> {
  return bodyText(body).pipe(
    parseSse(),
    filter((item): item is SseEvent => item.type === 'event' && item.data !== ''),
    takeWhile((item) => item.data !== '[DONE]'),
    map((item) => parseData(item.data)),
  );
}

/** Requests over `fetch`: POST the body as JSON; an event-stream answer is read event by event. */
export function httpExchange(target: HttpTarget): ModelExchange {
  return async (body, signal) => {
    const accept = body['stream'] === true ? 'text/event-stream' : 'application/json';
    let response: Response;
    try {
      response = await resolveFetch(target.fetch)(target.url, { method: 'POST', headers: { 'content-type': 'application/json', accept, ...target.headers }, body: JSON.stringify(body), signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ModelEndpointError(`The model endpoint could not be reached: ${messageOf(error)}`, { cause: error });
    }
    if (!response.ok) throw await failure(response);
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) return { kind: 'events', events: sseEvents(response.body as ResponseBody | null) };
    const value: unknown = await response.json().catch((error: unknown) => {
      throw new ModelEndpointError('The model endpoint answered something that is not JSON', { status: response.status, cause: error });
    });
    return { kind: 'json', value };
  };
}

/** A provider SDK's `create` method: the request body and `{ signal }` in; the answer, or a stream of events, out. */
export type SdkCreate = (body: never, options?: { signal?: AbortSignal }) => PromiseLike<unknown>;

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';

/** Requests through a provider SDK client: a streamed answer is its async iterable of events. */
export function sdkExchange(create: SdkCreate): ModelExchange {
  return async (body, signal) => {
    const answer = await create(body as never, { signal });
    return isAsyncIterable(answer) ? { kind: 'events', events: from(answer) } : { kind: 'json', value: answer };
  };
}

/** Any failure as a `ModelEndpointError` (an SDK's error keeps its `status` and message). */
export function endpointError(error: unknown): ModelEndpointError {
  if (ModelEndpointError.is(error)) return error as ModelEndpointError;
  const status = (error as { status?: unknown } | null)?.status;
  return new ModelEndpointError(`The model endpoint failed: ${messageOf(error)}`, { cause: error, ...(typeof status === 'number' ? { status } : {}) });
}

function answerEvents<M>(codec: ApiCodec<M>, answer: ModelAnswer): Observable<ModelTurnEvent<M>> {
  if (answer.kind === 'json') {
    return defer(() => {
      const { reply, usage } = codec.whole(answer.value);
      const events: ModelTurnEvent<M>[] = reply.text === '' ? [] : [{ type: 'text-delta', text: reply.text }];
      if (usage !== undefined) events.push({ type: 'usage', usage });
      return from([...events, { type: 'reply', reply } as const]);
    });
  }
  return defer(() => {
    const reader = codec.stream();
    return concat(
      answer.events.pipe(mergeMap((data) => from(reader.event(data)))),
      defer(() => from([{ type: 'reply', reply: reader.end() } as const])),
    );
  });
}

/**
 * One model request as turn events: sends `body` through `exchange` and reads the answer with `codec`.
 *
 * **Temperature:** cold; one request per subscription. **Emits:** text deltas and usage, then the reply.
 * **Completes:** after the reply. **Errors:** `ModelEndpointError`. **Teardown:** aborts the request.
 */
export function modelTurn<M>(exchange: ModelExchange, body: Readonly<Record<string, unknown>>, codec: ApiCodec<M>): Observable<ModelTurnEvent<M>> {
  return new Observable<ModelTurnEvent<M>>((subscriber) => {
    const controller = new AbortController();
    let inner: Subscription | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      settled = true;
      subscriber.error(endpointError(error));
    };
    exchange(body, controller.signal).then((answer) => {
      if (subscriber.closed) return;
      inner = answerEvents(codec, answer).subscribe({
        next: (event) => subscriber.next(event),
        error: fail,
        complete: () => {
          settled = true;
          subscriber.complete();
        },
      });
    }, fail);
    return () => {
      inner?.unsubscribe();
      if (!settled) controller.abort();
    };
  });
}

/** No events: what a stream event a reader does not need gives. */
export const NOTHING: readonly never[] = [];
