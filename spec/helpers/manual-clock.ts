import { asyncScheduler, type SchedulerLike } from 'rxjs';

/** A clock a spec moves by hand (token expiry and JWT timestamps read it); it schedules on the async scheduler. */
export function manualClock(): SchedulerLike & { advance(ms: number): void } {
  let now = Date.now();
  return {
    now: () => now,
    schedule: asyncScheduler.schedule.bind(asyncScheduler) as SchedulerLike['schedule'],
    advance: (ms) => void (now += ms),
  };
}
