import { asyncScheduler } from 'rxjs';
import { RequestTimeoutError } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { Deadline, DeadlineQueue } from '../../src/session/deadlines.js';
import { marbleTransport } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

class Probe extends Deadline {
  constructor(private readonly name: string, private readonly log: string[], private readonly onExpire?: () => void) {
    super();
  }

  expire(): void {
    this.log.push(`${this.name}@${asyncScheduler.now()}`);
    this.onExpire?.();
  }
}

describe('DeadlineQueue', () => {
  it('expires entries of several lengths in time order, each at its own time', () => {
    createTestScheduler().run(({ flush }) => {
      const log: string[] = [];
      const queue = new DeadlineQueue();
      queue.add(new Probe('a5', log), 5);
      queue.add(new Probe('b3', log), 3);
      asyncScheduler.schedule(() => queue.add(new Probe('c5', log), 5), 2);
      flush();
      expect(log).toEqual(['b3@3', 'a5@5', 'c5@7']);
    });
  });

  it('never expires a removed entry, and still expires the next one of its list on time', () => {
    createTestScheduler().run(({ flush }) => {
      const log: string[] = [];
      const queue = new DeadlineQueue();
      const first = new Probe('first', log);
      queue.add(first, 4);
      asyncScheduler.schedule(() => queue.add(new Probe('second', log), 4), 1);
      asyncScheduler.schedule(() => queue.remove(first), 2);
      flush();
      expect(log).toEqual(['second@5']);
    });
  });

  it('moves a re-armed entry to its new time', () => {
    createTestScheduler().run(({ flush }) => {
      const log: string[] = [];
      const queue = new DeadlineQueue();
      const entry = new Probe('moved', log);
      queue.add(entry, 4);
      asyncScheduler.schedule(() => queue.add(entry, 4), 3);
      flush();
      expect(log).toEqual(['moved@7']);
    });
  });

  it('expires an entry armed while another one expires, at its own time', () => {
    createTestScheduler().run(({ flush }) => {
      const log: string[] = [];
      const queue = new DeadlineQueue();
      const late = new Probe('late', log);
      queue.add(new Probe('early', log, () => queue.add(late, 2)), 2);
      queue.add(new Probe('sibling', log), 2);
      flush();
      expect(log).toEqual(['early@2', 'sibling@2', 'late@4']);
    });
  });

  it('cancels its timer once nothing is armed in virtual time, so marble specs see no timer run after the last request', () => {
    createTestScheduler().run(() => {
      const queue = new DeadlineQueue();
      const log: string[] = [];
      const entries = [new Probe('a', log), new Probe('b', log)];
      const schedule = spyOn(asyncScheduler, 'schedule').and.callThrough();
      for (const entry of entries) queue.add(entry, 60_000);
      expect(schedule).toHaveBeenCalledTimes(1);
      const action = schedule.calls.mostRecent().returnValue;
      for (const entry of entries) queue.remove(entry);
      expect(action.closed).toBeTrue();
    });
  });

  it('still expires an entry armed on a timer left from an earlier entry, at its own time', () => {
    createTestScheduler().run(({ flush }) => {
      const log: string[] = [];
      const queue = new DeadlineQueue();
      const early = new Probe('early', log);
      queue.add(early, 5);
      queue.remove(early);
      asyncScheduler.schedule(() => queue.add(new Probe('late', log), 5), 3);
      flush();
      expect(log).toEqual(['late@8']);
    });
  });

  it('cancels at once the timer of a list emptied after close()', () => {
    const queue = new DeadlineQueue();
    const entry = new Probe('last', []);
    const schedule = spyOn(asyncScheduler, 'schedule').and.callThrough();
    queue.add(entry, 60_000);
    queue.close();
    const action = schedule.calls.mostRecent().returnValue;
    expect(action.closed).toBeFalse();
    queue.remove(entry);
    expect(action.closed).toBeTrue();
  });
});
