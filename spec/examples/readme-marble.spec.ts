// The marble example of the README, kept here so that it is type-checked and run against the built package
// (`rxmcp` and `rxmcp/testing` resolve through the package's own exports), as a user's copy would.
import { createSession } from 'rxmcp/session';
import { marbleTransport, note, req, res } from 'rxmcp/testing';
import { TestScheduler } from 'rxjs/testing';

describe('README marble example', () => {
  // #region readme
  it('cancels a slow tools/call on the wire when the caller gives up', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ hot, expectObservable }) => {
      const inbound = hot('-------r', { r: res(0, { content: [] }) }); // the server answers too late
      const { transport, outbound$ } = marbleTransport(inbound);
      const session = createSession(transport);

      expectObservable(session.request('tools/call', { name: 'slow' }), '^--!').toBe('---');
      expectObservable(outbound$).toBe('r--c', {
        r: req(0, 'tools/call', { name: 'slow' }),
        c: note('notifications/cancelled', { requestId: 0, reason: 'Request cancelled by the client' }),
      });
    });
  });
  // #endregion
});
