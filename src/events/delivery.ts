import { EMPTY, Observable, concat, defer, from, ignoreElements, of, throwError } from 'rxjs';
import type { EventSchemaError } from '../errors/event-errors.js';
import type { EventOccurrence } from '../protocol/model/events.js';
import type { OutputValidation } from '../protocol/output-schema.js';
import type { EventCursorStore, StoredEventCursor } from './cursor-store.js';
import type { DeliveryStep } from './steps.js';
import type { EventNotice } from './types.js';
import type { SchemaCheck } from './validate.js';

/** What turns delivery steps into notices: the subscription's position, its store and its payload check. */
export interface DeliveryContext {
  readonly name: string;
  readonly key: string;
  readonly store: EventCursorStore;
  readonly checkPayload: SchemaCheck;
  readonly validate: OutputValidation;
  readonly report: ((problem: EventSchemaError | Error) => void) | undefined;
  readonly seenLimit: number;
  /** The position to resume from and the ids delivered last; advanced as notices go out. */
  state: StoredEventCursor;
  /** The state last handed to the store. */
  saved: StoredEventCursor | undefined;
}

function persist(context: DeliveryContext): Observable<never> {
  return defer(() => {
    context.saved = context.state;
    const saved = context.store.save(context.key, context.state);
    return saved instanceof Promise ? from(saved).pipe(ignoreElements()) : EMPTY;
  });
}

/**
 * Saves the state if it moved since the last save: at teardown, when the subscriber left right after an occurrence
 * (`take(n)`), before its save. A failure there has nobody to go to; the next run resumes from the older save.
 */
export function persistOnTeardown(context: DeliveryContext): void {
  if (context.saved === context.state) return;
  context.saved = context.state;
  try {
    const saved = context.store.save(context.key, context.state);
    if (saved instanceof Promise) saved.catch(() => undefined);
  } catch {
    // Nothing to report to: the subscription is over.
  }
}

function remember(context: DeliveryContext, eventId: string, cursor: string | null): void {
  const seen = [...context.state.seen.filter((id) => id !== eventId), eventId];
  context.state = { cursor, seen: seen.slice(Math.max(0, seen.length - context.seenLimit)) };
}

/**
 * One occurrence: skipped when its `eventId` was delivered already, checked against the payload schema, emitted,
 * then the position (`cursorAfter`, or the current one) and its id saved before anything else goes out.
 */
function occurrence(context: DeliveryContext, event: EventOccurrence, cursorAfter: string | null | undefined): Observable<EventNotice> {
  return defer(() => {
    const cursor = cursorAfter === undefined ? context.state.cursor : cursorAfter;
    if (context.state.seen.includes(event.eventId)) {
      context.state = { ...context.state, cursor };
      return persist(context);
    }
    const problem = context.validate === 'off' ? undefined : context.checkPayload(event.data, event.eventId);
    if (problem !== undefined && context.validate === 'error') return throwError(() => problem);
    if (problem !== undefined) context.report?.(problem);
    remember(context, event.eventId, cursor);
    return concat(of<EventNotice>({ ...event, type: 'event' }), persist(context));
  });
}

function position(context: DeliveryContext, cursor: string | null, truncated: boolean): Observable<EventNotice> {
  return defer(() => {
    context.state = { ...context.state, cursor };
    const notice = truncated ? of<EventNotice>({ type: 'truncated', name: context.name, cursor }) : EMPTY;
    return concat(notice, persist(context));
  });
}

/** The notices of one step, each saved to the store before the next goes out. */
export function deliver(context: DeliveryContext, step: DeliveryStep): Observable<EventNotice> {
  switch (step.kind) {
    case 'event':
      return occurrence(context, step.occurrence, step.occurrence.cursor ?? null);
    case 'position':
      return position(context, step.cursor, step.truncated);
    case 'batch': {
      const truncated = step.truncated ? of<EventNotice>({ type: 'truncated', name: context.name, cursor: step.cursor }) : EMPTY;
      return concat(truncated, ...step.events.map((event) => occurrence(context, event, undefined)), position(context, step.cursor, false));
    }
    default:
      return defer(() => {
        context.report?.(new Error(`The server reported a failure on the subscription to "${context.name}" (${step.error.code}): ${step.error.message}`));
        return EMPTY;
      });
  }
}
