import { BehaviorSubject, Observable, Subject, of, throwError, type Subscription } from 'rxjs';
import type { Client } from '../../src/client/client-types.js';
import { TransportError } from '../../src/errors/errors.js';
import { EventSchemaError, EventSubscriptionError, memoryCursorStore, subscribeEvents, type EventNotice, type SubscribeEventsOptions } from '../../src/events/index.js';
import type { EventOccurrence, EventType, PollEventsRequestParams, PollEventsResult, StreamEventsRequestParams } from '../../src/protocol/model/events.js';
import type { JsonRpcNotification, RequestId } from '../../src/protocol/jsonrpc.js';
import { createTestScheduler } from '../helpers/marbles.js';

const tick = (n: number): EventOccurrence => ({ eventId: `t-${n}`, name: 'x.tick', timestamp: '2026-12-03T00:00:00Z', data: { n } });
const TYPE: EventType = {
  name: 'x.tick', delivery: ['poll'], inputSchema: { type: 'object', properties: { every: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  payloadSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
};
const answer = (events: readonly EventOccurrence[], cursor: string, more: Partial<PollEventsResult> = {}): PollEventsResult => ({ resultType: 'complete', events, cursor, truncated: false, hasMore: false, ...more });

/** A client with only what subscribeEvents uses: the events verbs, the notifications and the server stream. */
class FakeClient {
  readonly polls: { at: number; params: PollEventsRequestParams }[] = [];
  readonly streams: { params: StreamEventsRequestParams; id: RequestId; open: boolean }[] = [];
  readonly notifications = new Subject<JsonRpcNotification>();
  readonly server = new BehaviorSubject<unknown>({});
  constructor(
    readonly now: () => number,
    readonly poll: (params: PollEventsRequestParams, index: number) => Observable<PollEventsResult>,
    readonly types: readonly EventType[] = [TYPE],
  ) {}
  get client(): Client {
    return {
      listEvents: () => of(this.types),
      pollEvents: (params: PollEventsRequestParams) => {
        this.polls.push({ at: this.now(), params });
        return this.poll(params, this.polls.length - 1);
      },
      streamEvents: (params: StreamEventsRequestParams, options: { onRequestId: (id: RequestId) => void }) =>
        new Observable(() => {
          const stream = { params, id: this.streams.length + 1, open: true };
          this.streams.push(stream);
          options.onRequestId(stream.id);
          return () => (stream.open = false);
        }),
      session: { notifications$: this.notifications },
      server$: this.server,
    } as unknown as Client;
  }
  push(id: RequestId, method: string, params: Record<string, unknown>): void {
    this.notifications.next({ jsonrpc: '2.0', method: `notifications/events/${method}`, params: { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } } });
  }
}

/** Runs `subscribeEvents` in virtual time for `ms`, returning what it emitted (with the time) and how it ended. */
function run(fake: (now: () => number) => FakeClient, ms: number, args?: Record<string, unknown>, options: SubscribeEventsOptions = {}) {
  const scheduler = createTestScheduler();
  const seen: { at: number; notice: EventNotice }[] = [];
  let error: unknown;
  let made: FakeClient | undefined;
  scheduler.run(({ flush }) => {
    made = fake(() => scheduler.now());
    const subscription: Subscription = subscribeEvents(made.client, 'x.tick', args, options).subscribe({
      next: (notice) => seen.push({ at: scheduler.now(), notice }),
      error: (e: unknown) => (error = e),
    });
    scheduler.schedule(() => subscription.unsubscribe(), ms);
    flush();
  });
  return { seen, error, fake: made! };
}

const ids = (seen: readonly { notice: EventNotice }[]) => seen.map(({ notice }) => (notice.type === 'event' ? notice.eventId : `truncated@${notice.cursor}`));

describe('subscribeEvents (poll, virtual time)', () => {
  it('starts from now, waits nextPollMs between polls, polls again at once while hasMore, and never faster than minPollMs', () => {
    const answers = [answer([], '0', { nextPollMs: 2000 }), answer([tick(1), tick(2)], '2', { hasMore: true }), answer([tick(3)], '3', { nextPollMs: 10 }), answer([], '3', { nextPollMs: 5000 })];
    const { seen, fake } = run((now) => new FakeClient(now, (_, i) => of(answers[Math.min(i, answers.length - 1)]!)), 3500);
    expect(fake.polls.map(({ at, params }) => [at, params.cursor])).toEqual([[0, null], [2000, '0'], [2000, '2'], [3000, '3']]);
    expect(seen.map(({ at }) => at)).toEqual([2000, 2000, 2000]);
    expect(ids(seen)).toEqual(['t-1', 't-2', 't-3']);
    expect(seen[0]?.notice).toEqual({ ...tick(1), type: 'event' });
  });

  it('skips an eventId it delivered already and surfaces truncated as a notice before the batch', () => {
    const answers = [answer([tick(1), tick(2)], '2', { nextPollMs: 1000 }), answer([tick(2), tick(7)], '7', { truncated: true, nextPollMs: 1000 })];
    const store = memoryCursorStore();
    void store.save('x.tick {}', { cursor: '0', seen: [] });
    const { seen } = run((now) => new FakeClient(now, (_, i) => of(answers[Math.min(i, 1)]!)), 1500, undefined, { store });
    expect(ids(seen)).toEqual(['t-1', 't-2', 'truncated@7', 't-7']);
  });

  it('refuses arguments that do not match the inputSchema before anything is sent', () => {
    const { seen, error, fake } = run((now) => new FakeClient(now, () => of(answer([], '0'))), 100, { every: 0 });
    expect(seen).toEqual([]);
    expect(fake.polls).toEqual([]);
    expect(error).toBeInstanceOf(EventSchemaError);
    expect((error as EventSchemaError).failure).toBe('arguments');
    expect((error as EventSchemaError).issues[0]?.path).toBe('/every');
  });

  it('fails with EventSchemaError on a payload that does not match, keeping the cursor before it; in diagnostic mode it reports and delivers', () => {
    const bad = { ...tick(2), data: { n: 'two' } };
    const answers = [answer([tick(1), bad], '2', { nextPollMs: 1000 })];
    const store = memoryCursorStore();
    void store.save('x.tick {}', { cursor: '0', seen: [] });
    const strict = run((now) => new FakeClient(now, () => of(answers[0]!)), 500, undefined, { store });
    expect(ids(strict.seen)).toEqual(['t-1']);
    expect((strict.error as EventSchemaError).failure).toBe('payload');
    expect((strict.error as EventSchemaError).eventId).toBe('t-2');
    expect(store.load('x.tick {}')).toEqual({ cursor: '0', seen: ['t-1'] });
    const reported: unknown[] = [];
    const lenient = run((now) => new FakeClient(now, () => of(answers[0]!)), 500, undefined, { store: memoryCursorStore(), validatePayload: 'diagnostic', report: (p) => reported.push(p) });
    expect(ids(lenient.seen)).toEqual(['t-1', 't-2']);
    expect(reported.map((p) => (p as EventSchemaError).eventId)).toEqual(['t-2']);
  });

  it('resumes from the last cursor after a lost connection, with a doubling delay, and delivers nothing twice', () => {
    const results: Observable<PollEventsResult>[] = [
      of(answer([tick(1)], '1', { nextPollMs: 1000 })),
      throwError(() => new TransportError('connection reset')),
      throwError(() => new TransportError('connection refused')),
      of(answer([tick(1), tick(2)], '2', { nextPollMs: 1000 })),
    ];
    const { seen, error, fake } = run((now) => new FakeClient(now, (_, i) => results[Math.min(i, 3)]!), 3000, undefined, { resumeDelayMs: 100 });
    expect(error).toBeUndefined();
    expect(fake.polls.map(({ at, params }) => [at, params.cursor])).toEqual([[0, null], [1000, '1'], [1100, '1'], [1300, '1'], [2300, '2']]);
    expect(ids(seen)).toEqual(['t-1', 't-2']);
  });

  it('resumes where the last subscription with the same store, name and arguments stopped (a restart)', () => {
    const store = memoryCursorStore();
    const first = run((now) => new FakeClient(now, () => of(answer([tick(1), tick(2)], '2', { nextPollMs: 1000 }))), 500, { every: 1 }, { store });
    expect(ids(first.seen)).toEqual(['t-1', 't-2']);
    const second = run((now) => new FakeClient(now, () => of(answer([tick(3)], '3', { nextPollMs: 1000 }))), 500, { every: 1 }, { store });
    expect(second.fake.polls[0]?.params).toEqual({ name: 'x.tick', arguments: { every: 1 }, cursor: '2' });
    expect(ids(second.seen)).toEqual(['t-3']);
  });

  it('stops polling on unsubscribe', () => {
    const { fake } = run((now) => new FakeClient(now, () => of(answer([], '0', { nextPollMs: 1000 }))), 2500);
    expect(fake.polls.map(({ at }) => at)).toEqual([0, 1000, 2000]);
  });

  it('fails with EventSubscriptionError for a type the server does not list or that offers no mode it runs', () => {
    const unknown = run((now) => new FakeClient(now, () => of(answer([], '0')), []), 100);
    expect((unknown.error as EventSubscriptionError).failure).toBe('unknown-type');
    const webhookOnly = run((now) => new FakeClient(now, () => of(answer([], '0')), [{ ...TYPE, delivery: ['webhook'] }]), 100);
    expect((webhookOnly.error as EventSubscriptionError).failure).toBe('no-delivery-mode');
  });
});

describe('subscribeEvents (push, virtual time)', () => {
  const PUSH: EventType = { ...TYPE, delivery: ['push', 'poll'] };

  function pushScripted(script: (fake: FakeClient, at: (ms: number, work: () => void) => void) => void, ms: number, options: SubscribeEventsOptions) {
    const scheduler = createTestScheduler();
    const seen: EventNotice[] = [];
    let error: unknown;
    const fake = new FakeClient(() => scheduler.now(), () => of(answer([], '0')), [PUSH]);
    scheduler.run(({ flush }) => {
      const subscription = subscribeEvents(fake.client, 'x.tick', undefined, options).subscribe({ next: (n) => seen.push(n), error: (e: unknown) => (error = e) });
      script(fake, (at, work) => scheduler.schedule(work, at));
      scheduler.schedule(() => subscription.unsubscribe(), ms);
      flush();
    });
    return { seen, error, fake };
  }

  it('prefers push, takes only the notifications of its own stream, surfaces truncated from active, and ends the stream on unsubscribe', () => {
    const { seen, fake } = pushScripted((fake, at) => {
      at(10, () => fake.push(1, 'active', { cursor: '4', truncated: true }));
      at(20, () => fake.push(1, 'event', { ...tick(5), cursor: '5' }));
      at(30, () => fake.push(99, 'event', { ...tick(50), cursor: '50' }));
      at(40, () => fake.push(1, 'event', { ...tick(5), cursor: '5' }));
      at(50, () => fake.push(1, 'heartbeat', { cursor: '6' }));
    }, 100, {});
    expect(ids(seen.map((notice) => ({ notice })))).toEqual(['truncated@4', 't-5']);
    expect(fake.polls).toEqual([]);
    expect(fake.streams.map(({ params, open }) => [params.cursor, open])).toEqual([[null, false]]);
  });

  it('opens the stream again from the last cursor when it stays silent past heartbeatTimeoutMs', () => {
    const { seen, fake } = pushScripted((fake, at) => {
      at(10, () => fake.push(1, 'active', { cursor: '0' }));
      at(20, () => fake.push(1, 'event', { ...tick(1), cursor: '1' }));
      at(1500, () => fake.push(2, 'event', { ...tick(2), cursor: '2' }));
    }, 2000, { heartbeatTimeoutMs: 1000, resumeDelayMs: 100 });
    expect(fake.streams.map(({ params }) => params.cursor)).toEqual([null, '1']);
    expect(ids(seen.map((notice) => ({ notice })))).toEqual(['t-1', 't-2']);
  });

  it('fails with EventSubscriptionError (terminated) carrying the server error when the server ends the subscription', () => {
    const { error } = pushScripted((fake, at) => at(10, () => fake.push(1, 'terminated', { error: { code: -32024, message: 'Forbidden', data: { reason: 'revoked' } } })), 100, {});
    expect(error).toBeInstanceOf(EventSubscriptionError);
    expect((error as EventSubscriptionError).rpcCode).toBe(-32024);
    expect((error as EventSubscriptionError).data).toEqual({ reason: 'revoked' });
  });

  it('keeps opening a silent stream again with a doubling delay, without failing the subscriber', () => {
    const scheduler = createTestScheduler();
    const opened: number[] = [];
    let error: unknown;
    scheduler.run(({ flush }) => {
      const fake = new FakeClient(() => scheduler.now(), () => of(answer([], '0')), [PUSH]);
      const client = fake.client;
      const streamEvents = client.streamEvents.bind(client);
      const counted = { ...client, streamEvents: (...args: Parameters<Client['streamEvents']>) => (opened.push(scheduler.now()), streamEvents(...args)) } as Client;
      const subscription = subscribeEvents(counted, 'x.tick', undefined, { heartbeatTimeoutMs: 1000, resumeDelayMs: 100 }).subscribe({ error: (e: unknown) => (error = e) });
      scheduler.schedule(() => subscription.unsubscribe(), 5000);
      flush();
    });
    expect(error).toBeUndefined();
    expect(opened).toEqual([0, 1100, 2300, 3700]);
  });
});
