import { NEVER, Observable } from 'rxjs';
import { TransportError, type Diagnostic } from '../../src/index.js';
import { createSession, type Connection, type HandlerContext } from '../../src/session/index.js';
import { marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('Session handlers and the connection they belong to', () => {
  it('runs no handler for a request that arrives after its connection ended (later in the same batch)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      // The answer to request 0 makes its caller end the connection; the server request behind it in the batch comes
      // to a connection that can no longer answer it.
      const inbound = hot('--b', { b: [res(0, {}), req(7, 'elicitation/create', { message: 'Who?', requestedSchema: { type: 'object', properties: {} } })] });
      const { transport, outbound$ } = marbleTransport(inbound);
      const contexts: HandlerContext[] = [];
      const session = createSession(transport, {
        handlers: { 'elicitation/create': (_params, context) => (contexts.push(context), NEVER) },
      });
      const diagnostics: Diagnostic[] = [];
      session.diagnostics$.subscribe((d) => diagnostics.push(d));
      session.connection$.subscribe({
        next: (connection: Connection) => connection.request('ping').subscribe({ next: () => connection.abort(new TransportError('gone')), error: () => undefined }),
        error: () => undefined,
      });
      expectObservable(outbound$).toBe('a', { a: req(0, 'ping') });
      hot('---x').subscribe(() => {
        expect(contexts.map((c) => c.signal.aborted)).toEqual([]);
        expect(diagnostics.map((d) => `${d.kind} ${d.message}`)).toEqual([
          'invalid-message Server request 7 (elicitation/create) came after its connection ended: not handled',
        ]);
      });
    });
  });

  it('aborts the signal and unsubscribes a handler at once when the connection ends while it starts', () => {
    createTestScheduler().run(({ hot }) => {
      let connection: Connection | undefined;
      let signal: AbortSignal | undefined;
      let unsubscribed = false;
      const session = createSession(marbleTransport(hot('-r', { r: req(3, 'sampling/createMessage') })).transport, {
        handlers: {
          'sampling/createMessage': (_params, context) => {
            signal = context.signal;
            return new Observable<never>(() => {
              // A handler whose start ends the connection (its work failed the transport, the user closed the client).
              connection?.abort(new TransportError('gone'));
              return () => (unsubscribed = true);
            });
          },
        },
      });
      session.connection$.subscribe({ next: (c) => (connection = c), error: () => undefined });
      hot('--x').subscribe(() => expect([signal?.aborted, unsubscribed]).toEqual([true, true]));
    });
  });

  it('keeps the first of two server requests with the same id: the duplicate is not handled, a cancel still reaches the first', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const work = cold('--------(r|)', { r: {} });
      const signals: AbortSignal[] = [];
      const inbound = hot('-a-b-c', {
        a: req(9, 'sampling/createMessage'),
        b: req(9, 'sampling/createMessage'),
        c: note('notifications/cancelled', { requestId: 9 }),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport, {
        handlers: { 'sampling/createMessage': (_params, context) => (signals.push(context.signal), work) },
      });
      const diagnostics: string[] = [];
      session.diagnostics$.subscribe((d) => diagnostics.push(`${d.kind} ${d.message}`));
      session.connection$.subscribe();
      expectSubscriptions(work.subscriptions).toBe('-^---!');
      expectObservable(outbound$).toBe('-');
      hot('------x').subscribe(() => {
        expect(signals.map((s) => s.aborted)).toEqual([true]);
        expect(diagnostics).toEqual([
          'invalid-message Server request 9 (sampling/createMessage) reuses the id of a request still being handled: the duplicate is dropped unanswered',
        ]);
      });
    });
  });
});
