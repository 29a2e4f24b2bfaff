// The tests of recipe-elicitation.spec.ts written without the testing controller: the handshake, the ids, the
// 2026-07-28 input round and the legacy server request scripted by hand with marbleTransport, for both eras. Like
// the recipe, it uses only what a user has (the public exports, rxjs and the test framework).
import { filter, map, of, timer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createClient } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import { err, marbleTransport, req, res } from '../../src/testing/index.js';
import { confirmWith } from './recipes/confirm-handler.js';

const createTestScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const question = { message: 'Book the 9:40 to Oslo?', requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } } };
const booked = (id: number, text: string, modern: boolean) => res(id, { ...(modern ? { resultType: 'complete' } : {}), content: [{ type: 'text', text }] });
const initialize = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
const discover = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' };
const inputRequired = (id: number) => res(id, { resultType: 'input_required', inputRequests: { ok: { method: 'elicitation/create', params: question } }, requestState: 's1' });
/** The client's answer to the question: a legacy response to `e1`, or the `inputResponses` of the 2026-07-28 retry. */
const answerOf = (message: JsonRpcMessage) => ('id' in message && message.id === 'e1' && 'result' in message ? message.result : 'params' in message ? (message.params?.['inputResponses'] as { ok?: unknown } | undefined)?.ok : undefined);
const sentAnswers = (outbound$: Observable<JsonRpcMessage>) => outbound$.pipe(map(answerOf), filter((answer) => answer !== undefined));

describe('confirmWith, scripted by hand', () => {
  it('asks the user and answers the server; the call\'s clock stands still meanwhile (legacy 2025-11-25)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      // probe (id 0), initialize (id 1), tools/call (id 2); the server's question e1 comes at once, the user answers
      // at 8000 ms, and the result may only come after that.
      const inbound = hot('(pie) 7996ms r', { p: err(0, -32601, 'Method not found'), i: res(1, initialize), e: req('e1', 'elicitation/create', question), r: booked(2, 'booked', false) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const dialog = { confirm: (q: string) => timer(8000).pipe(map(() => q === 'Book the 9:40 to Oslo?')) };
      const client = createClient(transport, { handlers: { elicitation: confirmWith(dialog) }, timeout: { firstMs: 5000 } });
      expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('8001ms (r|)', { r: [{ type: 'text', text: 'booked' }] });
      expectObservable(sentAnswers(outbound$)).toBe('8000ms a', { a: { action: 'accept', content: { confirmed: true } } });
    });
  });

  it('asks the user and answers the server; the call\'s clock stands still meanwhile (modern 2026-07-28)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      // server/discover (id 0), tools/call (id 1) answered input_required; the retry (id 2) goes out at 8000 ms
      // with the answer and the requestState, and its result may only come after that.
      const inbound = hot('(di) 7997ms r', { d: res(0, discover), i: inputRequired(1), r: booked(2, 'booked', true) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const dialog = { confirm: (q: string) => timer(8000).pipe(map(() => q === 'Book the 9:40 to Oslo?')) };
      const client = createClient(transport, { handlers: { elicitation: confirmWith(dialog) }, timeout: { firstMs: 5000 } });
      expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('8001ms (r|)', { r: [{ type: 'text', text: 'booked' }] });
      expectObservable(sentAnswers(outbound$)).toBe('8000ms a', { a: { action: 'accept', content: { confirmed: true } } });
    });
  });

  it('declines when the user says no (legacy 2025-11-25)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(pie)r', { p: err(0, -32601, 'Method not found'), i: res(1, initialize), e: req('e1', 'elicitation/create', question), r: booked(2, 'decline', false) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { handlers: { elicitation: confirmWith({ confirm: () => of(false) }) } });
      expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('5ms (r|)', { r: [{ type: 'text', text: 'decline' }] });
      expectObservable(sentAnswers(outbound$)).toBe('a', { a: { action: 'decline' } });
    });
  });

  it('declines when the user says no (modern 2026-07-28)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('(di)r', { d: res(0, discover), i: inputRequired(1), r: booked(2, 'decline', true) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { handlers: { elicitation: confirmWith({ confirm: () => of(false) }) } });
      expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('4ms (r|)', { r: [{ type: 'text', text: 'decline' }] });
      expectObservable(sentAnswers(outbound$)).toBe('a', { a: { action: 'decline' } });
    });
  });
});
