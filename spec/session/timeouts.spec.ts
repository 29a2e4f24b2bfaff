import { RequestTimeoutError } from '../../src/index.js';
import { withTimeouts } from '../../src/session/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('withTimeouts', () => {
  it('passes values through and completes when no limit is hit', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-b|').pipe(withTimeouts('m', { firstMs: 2, idleMs: 2, totalMs: 10 }))).toBe('-a-b|');
    });
  });

  it('reports which limit fired', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const silent = cold('------a');
      expectObservable(silent.pipe(withTimeouts('m', { firstMs: 3 }))).toBe('---#', undefined, new RequestTimeoutError('m', 'first', 3));
      expectSubscriptions(silent.subscriptions).toBe('^--!');
      expectObservable(cold('-a-----b').pipe(withTimeouts('m', { idleMs: 3 }))).toBe('-a--#', undefined, new RequestTimeoutError('m', 'idle', 3));
      expectObservable(cold('-a-b-c-d-e').pipe(withTimeouts('m', { idleMs: 3, totalMs: 6 }))).toBe('-a-b-c#', undefined, new RequestTimeoutError('m', 'total', 6));
    });
  });

  it('stops every clock while paused$ is true: a human answering is not a timeout', () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const paused = hot('f-t-------f', { t: true, f: false });
      const source = cold('-----------a|');
      expectObservable(source.pipe(withTimeouts('m', { firstMs: 4, totalMs: 12 }, paused))).toBe('-----------a|');
    });
  });

  it('restarts the step limit on resume and counts only unpaused time toward the total', () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const paused = hot('f-t--f', { t: true, f: false });
      // first limit 4: 2 frames used, paused 3 frames, restarts at 5 → fires at 9
      expectObservable(cold('-------------a').pipe(withTimeouts('m', { firstMs: 4 }, paused))).toBe('---------#', undefined, new RequestTimeoutError('m', 'first', 4));
      // total 6: 2 frames before the pause, 4 more after resuming at 5 → fires at 9
      expectObservable(cold('-------------a').pipe(withTimeouts('m', { totalMs: 6 }, paused))).toBe('---------#', undefined, new RequestTimeoutError('m', 'total', 6));
    });
  });
});
