import { Observable } from 'rxjs';
import { relay } from '../../src/client/relay.js';
import { createTestScheduler } from '../helpers/marbles.js';

const double = (value: number): number => value * 2;

describe('relay', () => {
  it('projects every value and completes with the source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source$ = cold('-a-b-|', { a: 1, b: 2 });
      expectObservable(relay(source$, double)).toBe('-a-b-|', { a: 2, b: 4 });
      expectSubscriptions(source$.subscriptions).toBe('^----!');
    });
  });

  it('hands a source error to recover, follows its Observable and projects its values too', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source$ = cold('-a-#', { a: 1 }, new Error('lost'));
      const recovery$ = cold('-b|', { b: 5 });
      const relayed$ = relay(source$, double, (error) => ((error as Error).message === 'lost' ? recovery$ : cold('#')));
      expectObservable(relayed$).toBe('-a--b|', { a: 2, b: 10 });
      expectSubscriptions(recovery$.subscriptions).toBe('---^-!');
    });
  });

  it('fails with what recover throws, and does not recover a recovery', () => {
    let recoveries = 0;
    createTestScheduler().run(({ cold, expectObservable }) => {
      const rethrown = new Error('rethrown');
      expectObservable(relay(cold<number>('-#'), double, () => { throw rethrown; })).toBe('-#', undefined, rethrown);
      const second = new Error('second');
      const relayed$ = relay(cold<number>('-#'), double, () => {
        recoveries += 1;
        // Were the recovery's error recovered again, the second recovery would complete the stream.
        return recoveries === 1 ? cold<number>('-#', undefined, second) : cold<number>('|');
      });
      expectObservable(relayed$).toBe('--#', undefined, second);
    });
    expect(recoveries).toBe(1);
  });

  it('fails with an error project throws, without calling recover, and unsubscribes the source', () => {
    const recover = jasmine.createSpy('recover');
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source$ = cold('-a-b-|', { a: 1, b: 2 });
      const bad = new Error('bad value');
      const relayed$ = relay(source$, (value: number) => {
        if (value === 2) throw bad;
        return value;
      }, recover);
      expectObservable(relayed$).toBe('-a-#', { a: 1 }, bad);
      expectSubscriptions(source$.subscriptions).toBe('^--!');
    });
    expect(recover).not.toHaveBeenCalled();
  });

  it('makes a factory source on subscription, and an error it throws goes to recover', () => {
    let made = 0;
    createTestScheduler().run(({ cold, expectObservable }) => {
      const relayed$ = relay<number, number>(
        () => {
          made += 1;
          throw new Error('cannot start');
        },
        double,
        (error) => cold('-r|', { r: (error as Error).message.length }),
      );
      expect(made).toBe(0);
      expectObservable(relayed$).toBe('-r|', { r: 'cannot start'.length * 2 });
    });
    expect(made).toBe(1);
  });

  it('unsubscribes the recovery when unsubscribed', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const recovery$ = cold('--b--|', { b: 1 });
      expectObservable(relay(cold<number>('-#'), double, () => recovery$), '^--!').toBe('---');
      expectSubscriptions(recovery$.subscriptions).toBe('-^-!');
    });
  });
});

describe('relay, with a source that fails while it is being subscribed', () => {
  it('starts the recovery after the source is subscribed, and unsubscribing reaches the recovery', () => {
    let recoveryUnsubscribed = false;
    const recovery$ = new Observable<number>(() => () => {
      recoveryUnsubscribed = true;
    });
    const subscription = relay(new Observable<number>((subscriber) => subscriber.error(new Error('at once'))), double, () => recovery$).subscribe();
    subscription.unsubscribe();
    expect(recoveryUnsubscribed).toBeTrue();
  });

  it('follows a recovery of an error at the first frame, and unsubscribes it when unsubscribed', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const recovery$ = cold('--b--|', { b: 1 });
      expectObservable(relay(cold<number>('#'), double, () => recovery$), '^ 3ms !').toBe('--b', { b: 2 });
      expectSubscriptions(recovery$.subscriptions).toBe('^ 3ms !');
    });
  });

  it('does not start a recovery the consumer left during recover', () => {
    let recoverySubscribed = false;
    const recovery$ = new Observable<number>(() => {
      recoverySubscribed = true;
    });
    let fail: (error: unknown) => void = () => undefined;
    const source$ = new Observable<number>((subscriber) => {
      fail = (error) => subscriber.error(error);
    });
    const subscription = relay(source$, double, () => {
      subscription.unsubscribe();
      return recovery$;
    }).subscribe();
    fail(new Error('late'));
    expect(recoverySubscribed).toBeFalse();
  });
});

describe('relay, with a recovery that fails at once', () => {
  it('tears the recovery down when a value it gives at once makes the projection throw', () => {
    let recoveryOpen = false;
    const recovery$ = new Observable<number>((subscriber) => {
      recoveryOpen = true;
      subscriber.next(-1);
      return () => (recoveryOpen = false);
    });
    const failing = (value: number) => {
      if (value < 0) throw new Error('bad value');
      return value;
    };
    const errors: unknown[] = [];
    relay(new Observable<number>((subscriber) => void setTimeout(() => subscriber.error(new Error('lost')))), failing, () => recovery$).subscribe({ error: (e: unknown) => errors.push(e) });
    return new Promise<void>((done) => setTimeout(done, 5)).then(() => {
      expect(errors.map((e) => (e as Error).message)).toEqual(['bad value']);
      expect(recoveryOpen).toBeFalse();
    });
  });
});
