import { NEVER, Observable, of, Subject } from 'rxjs';
import type { Client } from '../../src/client/client-types.js';
import {
  EventSchemaError, EventSubscriptionError, eventCursorKey, memoryCursorStore, webhookEvents, type EventNotice, type EventType, type WebhookNotice,
  type WebhookSubscriptionGrant,
} from '../../src/events/index.js';

const URL = 'http://127.0.0.1:8787/';
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';
const TICK: EventType = {
  name: 'example.tick', delivery: ['poll', 'webhook'],
  inputSchema: { type: 'object', properties: { every: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  payloadSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
};

/** A client listing `types`, answering events/subscribe with `grants`, recording every request. */
function fakeClient(types: readonly EventType[], grants: Observable<WebhookSubscriptionGrant>) {
  const sent: { method: string; params: Record<string, unknown> }[] = [];
  const client = {
    server$: NEVER,
    listEvents: () => of(types),
    request: (method: string, params: Record<string, unknown>) => (sent.push({ method, params }), method === 'events/subscribe' ? grants : of({})),
  } as unknown as Client;
  return { client, sent };
}

const event = (n: number, subscriptionId: string): WebhookNotice => ({
  type: 'event', eventId: `example.tick-${n}`, name: 'example.tick', timestamp: new Date(0).toISOString(), data: { n }, cursor: String(n), subscriptionId,
});
const numbers = (notices: readonly EventNotice[]) => notices.map((notice) => (notice.type === 'event' ? notice.data['n'] : `${notice.type} ${notice.cursor}`));

describe('webhookEvents', () => {
  it('holds the deliveries that arrive before the grant, then passes on only those with its id, saving each cursor to the store', async () => {
    const notices$ = new Subject<WebhookNotice>();
    const grant$ = new Subject<WebhookSubscriptionGrant>();
    const { client, sent } = fakeClient([TICK], grant$);
    const store = memoryCursorStore();
    await store.save(eventCursorKey('example.tick', { every: 1 }), { cursor: '3', seen: [] });
    const seen: EventNotice[] = [];
    const subscription = webhookEvents(client, 'example.tick', { every: 1 }, { receiver: { notices$, url$: of(URL), secret: SECRET }, store }).subscribe((n) => seen.push(n));
    await Promise.resolve();
    notices$.next(event(4, 'sub_1'));
    notices$.next(event(4, 'sub_other'));
    expect(seen).toEqual([]);
    grant$.next({ id: 'sub_1', refreshBefore: null, cursor: '3', truncated: false });
    notices$.next(event(5, 'sub_other'));
    notices$.next(event(5, 'sub_1'));
    notices$.next(event(5, 'sub_1'));
    notices$.next({ type: 'gap', cursor: '9', subscriptionId: 'sub_1', webhookId: 'msg_gap_1' });
    subscription.unsubscribe();

    expect(sent[0]).toEqual({ method: 'events/subscribe', params: { name: 'example.tick', arguments: { every: 1 }, delivery: { mode: 'webhook', url: URL, secret: SECRET }, cursor: '3' } });
    expect(sent[sent.length - 1]!.method).toBe('events/unsubscribe');
    expect(numbers(seen)).toEqual([4, 5, 'truncated 9']);
    expect((await store.load(eventCursorKey('example.tick', { every: 1 })))?.cursor).toBe('9');
  });

  it('ends with EventSubscriptionError (terminated) on a terminated envelope for its id', async () => {
    const notices$ = new Subject<WebhookNotice>();
    const { client } = fakeClient([TICK], of({ id: 'sub_1', refreshBefore: null, cursor: null, truncated: false }));
    let failure: unknown;
    webhookEvents(client, 'example.tick', {}, { receiver: { notices$, url$: of(URL), secret: SECRET } }).subscribe({ error: (e: unknown) => (failure = e) });
    await Promise.resolve();
    notices$.next({ type: 'terminated', error: { code: -32012, message: 'Forbidden' }, subscriptionId: 'sub_other', webhookId: 'msg_terminated_0' });
    expect(failure).toBeUndefined();
    notices$.next({ type: 'terminated', error: { code: -32012, message: 'Forbidden' }, subscriptionId: 'sub_1', webhookId: 'msg_terminated_1' });
    expect(EventSubscriptionError.is(failure)).toBeTrue();
    expect([(failure as EventSubscriptionError).failure, (failure as EventSubscriptionError).rpcCode]).toEqual(['terminated', -32012]);
  });

  it('refuses a type without webhook delivery, and arguments its inputSchema rejects, before sending events/subscribe', async () => {
    const receiver = { notices$: new Subject<WebhookNotice>(), url$: of(URL), secret: SECRET };
    const pollOnly = fakeClient([{ ...TICK, delivery: ['poll'] }], NEVER);
    const invalid = fakeClient([TICK], NEVER);
    const errors: unknown[] = [];
    webhookEvents(pollOnly.client, 'example.tick', {}, { receiver }).subscribe({ error: (e: unknown) => errors.push(e) });
    webhookEvents(invalid.client, 'example.tick', { every: 0 }, { receiver }).subscribe({ error: (e: unknown) => errors.push(e) });
    await Promise.resolve();
    expect(EventSubscriptionError.is(errors[0]) && (errors[0] as EventSubscriptionError).failure).toBe('no-delivery-mode');
    expect(EventSchemaError.is(errors[1]) && (errors[1] as EventSchemaError).failure).toBe('arguments');
    expect([...pollOnly.sent, ...invalid.sent]).toEqual([]);
  });
});
