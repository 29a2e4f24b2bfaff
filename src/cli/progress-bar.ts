import { auditTime, Subject, type SchedulerLike, asyncScheduler } from 'rxjs';
import type { ProgressEvent } from '../index.js';
import type { CliStream } from './io.js';
import type { Styler } from './style.js';

const CLEAR_LINE = '\r\x1b[2K';

/** One line of progress, `width` columns at most: a bar when the total is known, a count otherwise. */
export function renderProgress(event: Pick<ProgressEvent, 'progress' | 'total' | 'message'>, width: number, style: Styler): string {
  const message = event.message === undefined ? '' : ` ${event.message}`;
  if (event.total === undefined || event.total <= 0) {
    const counter = `… ${event.progress}`;
    return `${style('cyan', counter)}${message.slice(0, Math.max(0, width - 1 - counter.length))}`;
  }
  const ratio = Math.min(1, Math.max(0, event.progress / event.total));
  const counter = ` ${event.progress}/${event.total}`;
  const barWidth = Math.max(10, Math.min(40, width - 1 - counter.length - 2 - Math.min(message.length, 30)));
  const filled = Math.round(ratio * barWidth);
  const bar = `[${style('green', '█'.repeat(filled))}${style('dim', '░'.repeat(barWidth - filled))}]`;
  return `${bar}${counter}${message.slice(0, Math.max(0, width - 1 - barWidth - 2 - counter.length))}`;
}

/** A progress bar on a terminal's stderr, redrawn at most ten times a second. */
export interface ProgressBar {
  update(event: ProgressEvent): void;
  /** Takes the bar off the screen while somebody is asked something; `false` brings it back. */
  hold(held: boolean): void;
  /** Takes the bar off the screen for good. */
  done(): void;
}

/** A bar that draws nothing (not a terminal, or `--json` on a pipe). */
export const NO_PROGRESS_BAR: ProgressBar = { update: () => undefined, hold: () => undefined, done: () => undefined };

/** Draws progress on `stream` (a terminal) with `\r` redraws of one line. */
export function progressBar(stream: CliStream, style: Styler, scheduler: SchedulerLike = asyncScheduler): ProgressBar {
  const updates = new Subject<ProgressEvent>();
  let latest: ProgressEvent | undefined;
  let shown = false;
  let held = false;
  const draw = (): void => {
    if (latest === undefined || held) return;
    stream.write(`${CLEAR_LINE}${renderProgress(latest, stream.columns ?? 80, style)}`);
    shown = true;
  };
  const clear = (): void => {
    if (shown) stream.write(CLEAR_LINE);
    shown = false;
  };
  const drawing = updates.pipe(auditTime(100, scheduler)).subscribe(draw);
  return {
    update: (event) => {
      latest = event;
      updates.next(event);
    },
    hold: (value) => {
      held = value;
      if (value) clear();
      else draw();
    },
    done: () => {
      drawing.unsubscribe();
      clear();
    },
  };
}
