import * as fc from 'fast-check';
import { Subject } from 'rxjs';
import { ConnectionClosedError, MessageTooLargeError, RpcError, SchemaError, TransportError } from '../../src/errors/errors.js';
import { McpError } from '../../src/errors/mcp-error.js';
import { classifyMessage } from '../../src/protocol/classify.js';
import type { RequestId } from '../../src/protocol/jsonrpc.js';
import { createSession } from '../../src/session/session.js';
import type { Diagnostic, RequestEvent } from '../../src/session/types.js';
import { failed, malformed, oversized } from '../../src/testing/frames.js';
import { marbleTransport } from '../../src/testing/marble-transport.js';
import type { OutboundFrame, Transport } from '../../src/transport/types.js';
import { fuzzParams, unicodeText } from '../helpers/fuzz.js';

/** The marble transport over a subject the property pushes to, and what the session writes, in order. */
function pushTransport(): { transport: Transport; inbound: Subject<unknown>; written: OutboundFrame[] } {
  const inbound = new Subject<unknown>();
  const { transport, frames$ } = marbleTransport(inbound);
  const written: OutboundFrame[] = [];
  frames$.subscribe((frame) => written.push(frame));
  return { transport, inbound, written };
}

const HANDLED = ['roots/list', 'ping', 'fails'] as const;
const handlers = {
  'roots/list': () => ({ roots: [] }),
  ping: () => ({}),
  fails: () => {
    throw new Error('handler failed');
  },
};

/** Ids the session used (0, 1, …), ids it never used, and ids of other types. */
const someId = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('0', '1', -1, 1.5, null));
const someParams = fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });

/** One JSON value off the wire: responses (good, broken, late, unknown), server requests, notifications, junk. */
const message: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ id: someId, result: someParams }).map(({ id, result }) => ({ jsonrpc: '2.0', id, result })) },
  { weight: 2, arbitrary: fc.record({ id: someId, code: fc.integer({ min: -32800, max: 10 }), message: fc.string() }).map(({ id, code, message }) => ({ jsonrpc: '2.0', id, error: { code, message } })) },
  { weight: 2, arbitrary: fc.record({ id: someId, result: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.nat())) }).map(({ id, result }) => ({ jsonrpc: '2.0', id, result })) },
  { weight: 2, arbitrary: fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.string({ maxLength: 3 })), method: fc.constantFrom(...HANDLED, 'tools/list', 'x') }).map(({ id, method }) => ({ jsonrpc: '2.0', id, method })) },
  { weight: 2, arbitrary: fc.record({ token: fc.integer({ min: 0, max: 6 }), progress: fc.oneof(fc.nat(), fc.double({ noNaN: true, noDefaultInfinity: true })) }).map(({ token, progress }) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress } })) },
  { weight: 1, arbitrary: fc.record({ requestId: someId }).map((params) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params })) },
  { weight: 1, arbitrary: fc.record({ method: fc.string({ maxLength: 8 }), params: fc.option(someParams, { nil: undefined }) }).map(({ method, params }) => (params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** One inbound frame: a message, a batch, bytes that were not JSON, an oversized message, a failed frame. */
type Inbound =
  | { readonly kind: 'message'; readonly value: unknown }
  | { readonly kind: 'malformed'; readonly raw: string }
  | { readonly kind: 'oversized'; readonly id: number | undefined }
  | { readonly kind: 'failure'; readonly requestId: number | undefined };

const inboundArb: fc.Arbitrary<Inbound> = fc.oneof(
  { weight: 6, arbitrary: message.map((value) => ({ kind: 'message' as const, value })) },
  { weight: 2, arbitrary: fc.array(message, { maxLength: 3 }).map((value) => ({ kind: 'message' as const, value })) },
  { weight: 1, arbitrary: unicodeText(12).map((raw) => ({ kind: 'malformed' as const, raw })) },
  { weight: 1, arbitrary: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }).map((id) => ({ kind: 'oversized' as const, id })) },
  { weight: 1, arbitrary: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }).map((requestId) => ({ kind: 'failure' as const, requestId })) },
);

/** The frame of one inbound item, built with the frame builders of `rxmcp/testing`. */
function toFrame(item: Inbound): unknown {
  switch (item.kind) {
    case 'message':
      return item.value;
    case 'malformed':
      return malformed(item.raw);
    case 'oversized': {
      const start = item.id === undefined ? '{"jsonrpc":"2.0","result":{"text":"' : `{"jsonrpc":"2.0","id":${item.id},"result":{"text":"`;
      return oversized(start, 2048, 1024);
    }
    case 'failure': {
      const error = new TransportError('HTTP 503');
      return item.requestId === undefined ? failed(error, undefined, 'notifications/x') : failed(error, item.requestId);
    }
  }
}

/** How one request of ours must end: a result, an error of a class, or still pending. */
type Settled = { readonly result: unknown } | { readonly error: new (...args: never[]) => McpError } | undefined;

/** What the session must do with the frames: the model the property checks it against. */
class Model {
  readonly settled = new Map<RequestId, Settled>();
  readonly progress = new Map<RequestId, number>();
  readonly answered: RequestId[] = [];
  diagnostics = 0;
  notifications = 0;

  constructor(count: number, readonly progressIds: ReadonlySet<number>) {
    for (let id = 0; id < count; id += 1) this.settled.set(id, undefined);
  }

  private pending(id: unknown): id is RequestId {
    return (typeof id === 'number' || typeof id === 'string') && this.settled.has(id) && this.settled.get(id) === undefined;
  }

  frame(item: Inbound): void {
    if (item.kind === 'malformed') this.diagnostics += 1;
    else if (item.kind === 'oversized') {
      this.diagnostics += 1;
      if (this.pending(item.id)) this.settled.set(item.id, { error: MessageTooLargeError });
    } else if (item.kind === 'failure') {
      if (this.pending(item.requestId)) this.settled.set(item.requestId, { error: TransportError });
      else this.diagnostics += 1;
    } else if (Array.isArray(item.value)) {
      if (item.value.length === 0) this.diagnostics += 1;
      for (const member of item.value) this.message(member);
    } else this.message(item.value);
  }

  private message(value: unknown): void {
    const classified = classifyMessage(value);
    switch (classified.kind) {
      case 'success':
      case 'error': {
        const { id } = classified.message;
        if (!this.pending(id)) this.diagnostics += 1;
        else this.settled.set(id, classified.kind === 'success' ? { result: classified.message.result } : { error: RpcError });
        return;
      }
      case 'request':
        this.answered.push(classified.message.id);
        if (classified.message.method === 'fails') this.diagnostics += 1;
        return;
      case 'notification': {
        this.notifications += 1;
        const params = classified.message.params;
        const token = params?.['progressToken'];
        if (classified.message.method === 'notifications/progress' && typeof token === 'number' && this.progressIds.has(token) && this.pending(token)) {
          this.progress.set(token, (this.progress.get(token) ?? 0) + 1);
        }
        return;
      }
      case 'invalid': {
        this.diagnostics += 1;
        const id = (value as { id?: unknown } | null)?.id;
        const responseLike = typeof value === 'object' && value !== null && !Array.isArray(value) && !('method' in value);
        if (responseLike && this.pending(id)) this.settled.set(id, { error: SchemaError });
      }
    }
  }
}

/** What happened to one of our requests. */
interface Seen {
  results: unknown[];
  errors: unknown[];
  progress: number;
  completed: boolean;
}

describe('the session router with arbitrary inbound frames (property)', () => {
  it('never throws; every request gets its result or one typed error; every bad input is one diagnostic; every server request one answer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }), fc.array(inboundArb, { maxLength: 25 }), fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
        (count, frames, progressList) => {
          const progressIds = new Set(progressList);
          const { transport, inbound, written } = pushTransport();
          const session = createSession(transport, { handlers, timeout: false });
          const diagnostics: Diagnostic[] = [];
          let notifications = 0;
          session.diagnostics$.subscribe((diagnostic) => diagnostics.push(diagnostic));
          session.notifications$.subscribe(() => (notifications += 1));
          const seen: Seen[] = [];
          for (let i = 0; i < count; i += 1) {
            const entry: Seen = { results: [], errors: [], progress: 0, completed: false };
            seen.push(entry);
            session.requestEvents('tools/call', { name: `t${i}` }, { progress: progressIds.has(i) }).subscribe({
              next: (event: RequestEvent) => (event.type === 'progress' ? (entry.progress += 1) : entry.results.push(event.result)),
              error: (error: unknown) => entry.errors.push(error),
              complete: () => (entry.completed = true),
            });
          }
          const sentIds = written.map((frame) => (frame.message as { id?: RequestId }).id);
          throwUnless(sentIds).toEqual(Array.from({ length: count }, (_, i) => i));
          const model = new Model(count, progressIds);
          for (const item of frames) {
            model.frame(item);
            throwUnless(() => inbound.next(toFrame(item))).not.toThrow();
          }
          throwUnless(diagnostics.length).withContext(diagnostics.map((d) => d.kind).join()).toBe(model.diagnostics);
          throwUnless(notifications).toBe(model.notifications);
          const answers = written.slice(count).map((frame) => frame.message as { id?: RequestId; method?: string });
          throwUnless(answers.map((answer) => answer.id)).toEqual(model.answered);
          throwUnless(answers.every((answer) => answer.method === undefined)).toBeTrue();
          session.close();
          seen.forEach((entry, id) => {
            const expected = model.settled.get(id);
            throwUnless(entry.results.length + entry.errors.length).withContext(`request ${id} settles once`).toBe(1);
            throwUnless(entry.progress).withContext(`progress of ${id}`).toBe(model.progress.get(id) ?? 0);
            if (expected !== undefined && 'result' in expected) throwUnless(entry.results).toEqual([expected.result]);
            else throwUnless(entry.errors[0]).withContext(`request ${id}`).toBeInstanceOf(expected?.error ?? ConnectionClosedError);
          });
        },
      ),
      fuzzParams(300),
    );
  });
});
