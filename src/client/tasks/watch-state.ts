import { isTerminal, snapshotOf } from './snapshot.js';
import type { TaskSnapshot, TaskStatusEvent, TaskWatchOptions } from './types.js';

/** Interval between polls when the server suggests none. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;
/** Shortest interval between polls, whatever the server suggests. */
export const MIN_TASK_POLL_INTERVAL_MS = 250;
/** Interval between safety-net polls while the server pushes the task's status. */
export const PUSHED_TASK_POLL_INTERVAL_MS = 30_000;

const timeOf = (iso: string): number => Date.parse(iso);

/**
 * What one watch knows about its task, across connections: the newest state seen (polls and notifications may
 * arrive out of order), the last status it reported, whether the server pushes the task's status, and whether
 * the watch has ended.
 */
export class WatchState {
  /** The newest state seen. */
  latest: TaskSnapshot | undefined;
  /** The server currently pushes this task's status (on the current connection). */
  pushed = false;
  /** Connections the watch has run on so far. */
  connections = 0;
  /** The result came (or the task ended otherwise). */
  finished = false;
  private reported: { readonly status: string; readonly statusMessage: string | undefined } | undefined;

  constructor(readonly taskId: string, seed?: TaskSnapshot) {
    if (seed !== undefined) {
      this.latest = seed;
      this.reported = { status: seed.status, statusMessage: seed.statusMessage };
    }
  }

  /**
   * Takes in a state from a poll or a notification. Returns false for one older than what is known (or a task
   * going back from an end); otherwise it becomes the latest, with a status event when status or message changed.
   */
  accept(task: TaskSnapshot): { readonly fresh: boolean; readonly event?: TaskStatusEvent } {
    const latest = this.latest;
    if (latest !== undefined && (isTerminal(latest.status) && !isTerminal(task.status) || timeOf(task.lastUpdatedAt) < timeOf(latest.lastUpdatedAt))) {
      return { fresh: false };
    }
    this.latest = task;
    const reported = this.reported;
    if (reported !== undefined && reported.status === task.status && reported.statusMessage === task.statusMessage) return { fresh: true };
    this.reported = { status: task.status, statusMessage: task.statusMessage };
    return { fresh: true, event: { type: 'task-status', task: snapshotOf(task) } };
  }

  /** True when the last reported status ends the task. */
  reportedTerminal(): boolean {
    return this.reported !== undefined && isTerminal(this.reported.status as TaskSnapshot['status']);
  }

  /** The wait before the next poll: the server's suggestion (or the default), at least the floor; longer while pushed. */
  pollDelay(options: TaskWatchOptions): number {
    const floor = options.minPollIntervalMs ?? MIN_TASK_POLL_INTERVAL_MS;
    const suggested = this.latest?.pollIntervalMs ?? options.pollIntervalMs ?? DEFAULT_TASK_POLL_INTERVAL_MS;
    const interval = Math.max(floor, suggested);
    return this.pushed ? Math.max(interval, options.pushedPollIntervalMs ?? PUSHED_TASK_POLL_INTERVAL_MS) : interval;
  }
}
