import { of, throwError } from 'rxjs';
import { RequestTimeoutError, RpcError } from '../../src/index.js';
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

  it('compares errors by name and message, not by identity', () => {
    const timeout = () => new RequestTimeoutError('tools/call', 'first', 5000);
    expect(failureOf(({ expectObservable }) => expectObservable(throwError(timeout)).toBe('#', undefined, timeout()))).toBeUndefined();
    const failure = failureOf(({ expectObservable }) => expectObservable(throwError(timeout)).toBe('#', undefined, new Error('Request tools/call timed out (first: 5000 ms)')));
    expect(failure).toBeInstanceOf(ExpectationFailedError);
    expect((failure as ExpectationFailedError).problems).toEqual(['expected 0ms error Error: Request tools/call timed out (first: 5000 ms), got 0ms error RequestTimeoutError: Request tools/call timed out (first: 5000 ms) [code timeout]']);
  });

  it('compares the JSON-RPC code and data of RpcErrors, and names them in its failure messages', () => {
    const problems = (actual: RpcError, expected: RpcError) =>
      (failureOf(({ expectObservable }) => expectObservable(throwError(() => actual)).toBe('#', undefined, expected)) as ExpectationFailedError | undefined)?.problems;
    expect(problems(new RpcError(-32602, 'bad', { data: { at: 'q' } }), new RpcError(-32602, 'bad', { data: { at: 'q' } }))).toBeUndefined();
    expect(problems(new RpcError(-32602, 'bad'), new RpcError(-32001, 'bad'))).toEqual(['expected 0ms error RpcError: bad [code rpc, rpcCode -32001], got 0ms error RpcError: bad [code rpc, rpcCode -32602]']);
    expect(problems(new RpcError(-32602, 'bad', { data: 1 }), new RpcError(-32602, 'bad', { data: 2 }))).toEqual(['expected 0ms error RpcError: bad [code rpc, rpcCode -32602, data 2], got 0ms error RpcError: bad [code rpc, rpcCode -32602, data 1]']);
  });

  it('tells apart maps from sets, unequal dates, expressions and bytes, and objects whose state it cannot see; sets match in any order', () => {
    const same = (a: unknown, b: unknown) => failureOf(({ expectObservable }) => expectObservable(of(a)).toBe('(a|)', { a: b })) === undefined;
    expect(same(new Set([1, { n: 2 }]), new Set([{ n: 2 }, 1]))).toBeTrue();
    expect(same(new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]]))).toBeTrue();
    expect(same(new Map([[1, 1]]), new Set([[1, 1]]))).toBeFalse();
    expect(same(new Set([1, 2]), new Set([1, 3]))).toBeFalse();
    expect(same(new Date(5), new Date(6))).toBeFalse();
    expect(same(/a/g, /a/i)).toBeFalse();
    expect(same(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBeTrue();
    expect(same(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBeFalse();
    expect(same(new Uint8Array([]), new Uint16Array([]))).toBeFalse();
    expect(same(new Uint8Array([7]).buffer, new Uint8Array([8]).buffer)).toBeFalse();
    expect(same(new URL('https://a.example/'), new URL('https://b.example/'))).toBeFalse();
    expect(same({ n: 1 }, Object.assign(Object.create({ kind: 'other' }) as object, { n: 1 }))).toBeFalse();
  });

  it('shows the entries of maps and sets in its failure messages', () => {
    const failure = failureOf(({ expectObservable }) => expectObservable(of(new Map([['k', 1]]))).toBe('(a|)', { a: new Set(['k']) })) as ExpectationFailedError;
    expect(failure.problems).toEqual(['expected 0ms next {"Set":["k"]}, got 0ms next {"Map":[["k",1]]}']);
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
