import { of, throwError } from 'rxjs';
import { RequestTimeoutError } from '../../src/index.js';
import { ExpectationFailedError, createMarbleScheduler } from '../../src/testing/index.js';

/** The error `run` throws, or undefined when it passed. */
function failureOf(body: Parameters<ReturnType<typeof createMarbleScheduler>['run']>[0]): unknown {
  try {
    createMarbleScheduler().run(body);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('createMarbleScheduler', () => {
  it('passes equal frames, comparing plain data by structure and ignoring keys whose value is undefined', () => {
    expect(failureOf(({ cold, expectObservable }) => {
      expectObservable(cold('a 9ms (b|)', { a: { n: 1, gone: undefined }, b: [new Date(5), new Map([['k', 1]])] })).toBe('a 9ms (b|)', {
        a: { n: 1 }, b: [new Date(5), new Map([['k', 1]])],
      });
    })).toBeUndefined();
  });

  it('compares errors by class name, message and code, not by identity', () => {
    const timeout = () => new RequestTimeoutError('tools/call', 'first', 5000);
    expect(failureOf(({ expectObservable }) => expectObservable(throwError(timeout)).toBe('#', undefined, timeout()))).toBeUndefined();
    const failure = failureOf(({ expectObservable }) => expectObservable(throwError(timeout)).toBe('#', undefined, new Error('Request tools/call timed out (first: 5000 ms)')));
    expect(failure).toBeInstanceOf(ExpectationFailedError);
    expect((failure as ExpectationFailedError).problems).toEqual(['expected 0ms error "Error: Request tools/call timed out (first: 5000 ms)", got 0ms error "RequestTimeoutError: Request tools/call timed out (first: 5000 ms)"']);
  });

  it('fails with ExpectationFailedError listing both frame lists and each difference', () => {
    const failure = failureOf(({ cold, expectObservable }) => expectObservable(cold('a 10ms b', { a: 'x', b: 'y' })).toBe('a 9ms b|', { a: 'x', b: 'y' }));
    expect(failure).toBeInstanceOf(ExpectationFailedError);
    const { problems, message } = failure as ExpectationFailedError;
    expect(problems).toEqual(['expected 10ms next "y", got 11ms next "y"', 'missing: 11ms complete']);
    expect(message).toContain('  expected:\n    0ms next "x"\n    10ms next "y"\n    11ms complete\n  actual:\n    0ms next "x"\n    11ms next "y"\n');
  });

  it('names frames the observable emitted that the diagram lacks', () => {
    const failure = failureOf(({ expectObservable }) => expectObservable(of(1, 2)).toBe('(a|)', { a: 1 })) as ExpectationFailedError;
    expect(failure.problems).toEqual(['expected 0ms complete, got 0ms next 2', 'unexpected: 0ms complete']);
  });

  it('describes subscription logs', () => {
    const failure = failureOf(({ cold, expectSubscriptions }) => {
      const source = cold('--a--');
      source.subscribe();
      expectSubscriptions(source.subscriptions).toBe('^-!');
    }) as ExpectationFailedError;
    expect(failure.problems).toEqual(['expected subscribed at 0ms, unsubscribed at 2ms, got subscribed at 0ms, never unsubscribed']);
  });
});
