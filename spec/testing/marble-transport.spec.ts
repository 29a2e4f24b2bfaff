import { map } from 'rxjs';
import { createSession } from '../../src/session/index.js';
import { frame, malformed, marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('marbleTransport', () => {
  it('feeds inbound marbles as frames and records what was written, at its virtual time', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a', { a: res(0, { ok: 1 }) });
      const { transport, outbound$, frames$ } = marbleTransport(inbound);
      const session = createSession(transport);
      expectObservable(session.request('ping', undefined, { headers: { h: 'v' } })).toBe('--(r|)', { r: { ok: 1 } });
      expectObservable(outbound$).toBe('r', { r: req(0, 'ping') });
      expectObservable(frames$.pipe(map((f) => f.headers))).toBe('h', { h: { h: 'v' } });
    });
  });

  it('passes frames built with frame() and malformed() through as they are', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const { transport } = marbleTransport(cold('ab', { a: frame(note('x'), { httpStatus: 200 }), b: malformed('{') }));
      expectObservable(transport.connect(cold('-'))).toBe('ab', {
        a: { message: note('x'), info: { httpStatus: 200 } },
        b: { malformed: { raw: '{', reason: 'Unexpected token' } },
      });
    });
  });

  it('records exchanged frames and hands the exchange its frame', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const seen: unknown[] = [];
      const { transport, outbound$ } = marbleTransport(hot('-'), {
        exchange: (f) => (seen.push(f.message), cold('-a', { a: res(0) })),
      });
      const session = createSession(transport);
      expectObservable(session.request('x')).toBe('-(r|)', { r: {} });
      expectObservable(outbound$).toBe('r', { r: req(0, 'x') });
      expect(transport.exchange).toBeDefined();
      cold('--x').subscribe(() => expect(seen).toEqual([req(0, 'x')]));
    });
  });
});
