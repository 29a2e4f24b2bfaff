// Testing recipe: a recorded server-everything session replayed in a marble test.
import { createClient } from '../../src/index.js';
import { createMarbleScheduler, replayController } from '../../src/testing/index.js';
import { everythingSession } from './recipes/everything-session.js';
import { weatherLine } from './recipes/weather-line.js';

// #region readme
describe('weatherLine, against a recorded server-everything session', () => {
  it('shows what the server answered, as late as it answered', () => {
    const server = replayController(everythingSession); // the lines `rxmcp record` wrote
    createMarbleScheduler().run(({ expectObservable }) => {
      const line = weatherLine(createClient(server.transport), 'Chicago');
      expectObservable(line).toBe('42ms (a|)', { a: 'Chicago: 36 °C, light rain / drizzle, 82% humidity' });
    });
    server.verify();
  });

  it('says so when the code asks what the recording does not have', () => {
    const server = replayController(everythingSession, { delays: false });
    createMarbleScheduler().run(({ expectObservable }) => {
      const line = weatherLine(createClient(server.transport), 'Oslo');
      const has = (city: string) => `{"name":"get-structured-content","arguments":{"location":"${city}"}}`;
      expectObservable(line).toBe('(a|)', { a: `Oslo: no weather (The recording has no tools/call with ${has('Oslo')}: it has tools/call with ${has('Chicago')})` });
    });
    expect(server.mismatches.map((mismatch) => mismatch.params['arguments'])).toEqual([{ location: 'Oslo' }]);
  });
});
// #endregion
