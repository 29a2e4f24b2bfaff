import { lastValueFrom, takeUntil, takeWhile, tap, type Observable } from 'rxjs';
import { subscribeEvents } from '../../events/subscribe.js';
import type { EventNotice } from '../../events/types.js';
import type { EventType } from '../../protocol/model/events.js';
import { parsePairs, toolArguments } from '../coerce.js';
import type { Connection } from '../connection.js';
import { EXIT } from '../failure.js';
import { firstUnlessInterrupted, type Run } from '../run-context.js';
import type { Schema } from '../schema-check.js';
import type { Styler } from '../style.js';
import { baseArguments } from './call.js';

function typeLines(types: readonly EventType[], style: Styler): string[] {
  if (types.length === 0) return [style('dim', 'no event types')];
  return types.map((type) => `${style(['bold', 'cyan'], type.name)}  ${style('dim', `(${type.delivery.join(', ')})`)}${type.description ? `  ${type.description}` : ''}`);
}

/** Occurrences and notices until `--count` occurrences (all of them without it); never completes by itself otherwise. */
function counted(run: Run, notices$: Observable<EventNotice>): Observable<EventNotice> {
  const { count } = run.command.options;
  if (count === undefined) return notices$;
  let seen = 0;
  return notices$.pipe(
    takeWhile((notice) => (notice.type === 'event' ? ++seen < count : true), true),
  );
}

/**
 * `events`: every event type (all pages of `events/list`); `events <name> [k=v …]`: that type's occurrences, one JSON
 * line each (and `{"type":"truncated",…}` where the server skipped some) until Ctrl-C or `--count` occurrences; the
 * arguments are typed and checked by the type's `inputSchema` before anything is sent.
 */
export async function eventsVerb(run: Run, connection: Connection): Promise<number> {
  const [name, ...rest] = run.command.operands;
  const types = await firstUnlessInterrupted(run, connection.client.listEvents());
  if (name === undefined) {
    if (run.out.json) run.out.value({ events: types });
    else for (const line of typeLines(types, run.out.style)) run.out.line(line);
    return EXIT.ok;
  }
  const eventType = types.find((type) => type.name === name);
  const args = toolArguments(parsePairs(rest.filter((operand) => operand !== '-')), await baseArguments(run, rest), eventType?.inputSchema as Schema | undefined);
  const notices$ = subscribeEvents(connection.client, name, args, eventType === undefined ? {} : { eventType });
  // Ctrl-C ends the stream (the push request or the polling with it), as it ends `watch`.
  const printed$ = counted(run, notices$).pipe(tap((notice) => run.out.line(JSON.stringify(notice))), takeUntil(run.interrupted$));
  await lastValueFrom(printed$, { defaultValue: undefined });
  return EXIT.ok;
}
