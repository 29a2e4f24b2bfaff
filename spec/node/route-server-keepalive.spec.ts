// The scripted servers of the specs run in the jasmine process itself: a spec that blocks the event loop for longer
// than Node's keep-alive timeout (an in-process TypeScript compile does) must not leave the next spec's fetch on a
// connection the server is closing.
import { scriptModel } from '../helpers/model-server-urls.js';

describe('the route server of the scripted model', () => {
  it('answers a fetch made right after the event loop was blocked past the keep-alive timeout', async () => {
    const first = await scriptModel([]);
    expect(await first.requests()).toEqual([]);
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      // blocks the event loop, as a synchronous compile does
    }
    const second = await scriptModel([]);
    expect(await second.requests()).toEqual([]);
  }, 20_000);
});
