import { throwError, type Observable } from 'rxjs';
import { TransportError } from '../../../src/index.js';
import { catalogState, type CatalogState } from '../../../src/client/live/catalog.js';
import { createTestScheduler } from '../../helpers/marbles.js';

const state = (items: readonly string[] | undefined, flags: Partial<CatalogState<string>> = {}): CatalogState<string> => ({
  items, error: undefined, stale: false, refreshing: false, ...flags,
});

describe('catalogState', () => {
  it('lists once at subscription, and again once per debounced burst of changes', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const changes = hot('-----c-c--------');
      const lists: Observable<readonly string[]>[] = [cold('--(a|)', { a: ['a'] }), cold('--(b|)', { b: ['a', 'b'] })];
      let n = 0;
      const list = (): Observable<readonly string[]> => lists[n++] ?? cold<readonly string[]>('-');
      expectObservable(catalogState(changes, list, 3)).toBe('s-l--c-c--r-m', {
        s: state(undefined, { stale: true, refreshing: true }),
        l: state(['a']),
        c: state(['a'], { stale: true }),
        r: state(['a'], { stale: true, refreshing: true }),
        m: state(['a', 'b']),
      });
    });
  });

  it('cancels a refresh in flight when a newer one starts, and ends with one trailing refresh', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const changes = hot('-----c---c------');
      const first = cold('(a|)', { a: ['a'] });
      const stale = cold('------(x|)', { x: ['stale'] });
      const fresh = cold('--(f|)', { f: ['fresh'] });
      const lists: Observable<readonly string[]>[] = [first, stale, fresh];
      let n = 0;
      expectObservable(catalogState(changes, () => lists[n++] ?? cold<readonly string[]>('-'), 1)).toBe('(sl)-cr--Cr-m', {
        s: state(undefined, { stale: true, refreshing: true }),
        l: state(['a']),
        c: state(['a'], { stale: true }),
        C: state(['a'], { stale: true, refreshing: true }),
        r: state(['a'], { stale: true, refreshing: true }),
        m: state(['fresh']),
      });
      expectSubscriptions(stale.subscriptions).toBe('------^---!');
    });
  });

  it('keeps the last good list on a failed refresh and reports the error beside it; a failure is never an empty list', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const changes = hot('-----c------c');
      const error = new TransportError('reset');
      const lists: Observable<readonly string[]>[] = [cold('(a|)', { a: ['a'] }), throwError(() => error), cold('(b|)', { b: ['b'] })];
      let n = 0;
      expectObservable(catalogState(changes, () => lists[n++] ?? cold<readonly string[]>('-'), 1)).toBe('(sl)-c(rf)--C(Rm)', {
        s: state(undefined, { stale: true, refreshing: true }),
        l: state(['a']),
        c: state(['a'], { stale: true }),
        r: state(['a'], { stale: true, refreshing: true }),
        f: state(['a'], { stale: true, error }),
        C: state(['a'], { stale: true, error }),
        R: state(['a'], { stale: true, refreshing: true, error }),
        m: state(['b']),
      });
    });
  });

  it('stays stale when a change arrives while the refresh that it did not trigger is still loading', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const changes = hot('-c-----');
      expectObservable(catalogState(changes, () => cold('--(a|)', { a: ['a'] }), 10)).toBe('sca--------r-m', {
        s: state(undefined, { stale: true, refreshing: true }),
        c: state(undefined, { stale: true, refreshing: true }),
        a: state(['a'], { stale: true }),
        r: state(['a'], { stale: true, refreshing: true }),
        m: state(['a']),
      });
    });
  });
});
