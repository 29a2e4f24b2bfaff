import { catchError, of, retry, throwError, type Observable } from 'rxjs';
import { OutcomeUnknownError, ResponseStreamEndedError } from '../../errors/errors.js';
import type { Link } from './types.js';

/** A request whose response stream broke is lost, and is re-issued once, with a new id (2026-07-28). */
function reissueWhenStreamLost(error: unknown): Observable<number> {
  return ResponseStreamEndedError.is(error) ? of(0) : throwError(() => error);
}

/**
 * Built-in link, on connections whose wire policy re-issues (2026-07-28 with a stream per request): a request whose
 * response stream ended before its result is sent once more, with a new id, as the specification requires. With
 * `safeOnly`, a call that is not safe to repeat fails with `OutcomeUnknownError` instead.
 */
export function reissueLink(safeOnly: boolean): Link {
  return (call, next) => {
    // A listen stream's loss is the listen manager's to see: it re-opens the stream and announces the gap. An event
    // stream's is its subscription's: the same params again would start from the cursor it was opened with, and
    // skip what was delivered since; the subscription opens it again from its latest cursor.
    if (call.method === 'subscriptions/listen' || call.method === 'events/stream') return next(call);
    if (!safeOnly || call.safe) return next(call).pipe(retry({ count: 1, delay: reissueWhenStreamLost }));
    return next(call).pipe(
      catchError((error: unknown) => throwError(() => (ResponseStreamEndedError.is(error) ? new OutcomeUnknownError(call.method, { cause: error }) : error))),
    );
  };
}
