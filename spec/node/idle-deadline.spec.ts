import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { asyncScheduler } from 'rxjs';
import { Deadline, DeadlineQueue } from '../../src/session/deadlines.js';

const PROGRAM = fileURLToPath(new URL('../fixtures/programs/idle-session.ts', import.meta.url));

/** Runs the program in `mode`; its output and how long it took to exit by itself (killed after 15 s). */
function run(mode: string): Promise<{ readonly stdout: string; readonly ms: number; readonly killed: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', PROGRAM, mode], { timeout: 15_000 }, (error, stdout) => {
      resolve({ stdout: stdout.trim(), ms: performance.now() - started, killed: error?.killed === true });
    });
  });
}

class Probe extends Deadline {
  expiredAt: number | undefined;

  constructor(private readonly started: number) {
    super();
  }

  expire(): void {
    this.expiredAt = performance.now() - this.started;
  }
}

describe('DeadlineQueue in Node', () => {
  it('schedules one timer for entries armed one after another: an emptied list keeps it for the next entry, until close()', () => {
    const queue = new DeadlineQueue();
    const schedule = spyOn(asyncScheduler, 'schedule').and.callThrough();
    for (let i = 0; i < 100; i += 1) {
      const entry = new Probe(0);
      queue.add(entry, 60_000);
      queue.remove(entry);
    }
    expect(schedule).toHaveBeenCalledTimes(1);
    const action = schedule.calls.mostRecent().returnValue;
    expect(action.closed).toBeFalse();
    queue.close();
    expect(action.closed).toBeTrue();
  });

  it('expires an entry armed on a timer left by an earlier one at its own time, not at the earlier one\'s', async () => {
    const queue = new DeadlineQueue();
    const started = performance.now();
    const early = new Probe(started);
    queue.add(early, 150);
    queue.remove(early);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = new Probe(started);
    queue.add(late, 150);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(early.expiredAt).toBeUndefined();
    expect(late.expiredAt).toBeGreaterThanOrEqual(245);
    queue.close();
  });
});

describe('A session\'s request deadlines and the life of a Node process (a session left open)', () => {
  it('let the process exit by itself once the last request was answered, long before the 60 s limit', async () => {
    const { stdout, ms, killed } = await run('answered');
    expect(killed).toBeFalse();
    expect(stdout).toBe('answered');
    expect(ms).toBeLessThan(10_000);
  });

  it('keep the process alive while a request waits, until its limit fails it', async () => {
    const { stdout, killed } = await run('silent');
    expect(killed).toBeFalse();
    expect(stdout).toBe('timeout first');
  });
});
