import { Observable, catchError, concat, forkJoin, last, map, mergeMap, of, throwError, type Observer, type Subscriber, type Subscription } from 'rxjs';
import { InputRequiredError, RpcError } from '../errors/errors.js';
import { isInputRequiredResult, type InputRequests, type InputRequiredResult, type InputResponse } from '../protocol/model/mrtr.js';
import type { Params, ProgressEvent } from '../session/types.js';
import { fulfilInputRequest, type ServerRequestRunner } from './server-requests.js';

/** Default cap on `input_required` rounds of one request. */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

export type { CallEvent, InputRequiredEvent } from './call-event.js';
import type { CallEvent } from './call-event.js';

/** What the round loop needs from the client. */
export interface RoundHost {
  readonly method: string;
  readonly maxRounds: number;
  readonly run: ServerRequestRunner;
  /** Sends `method` with these params (a new request id each time); its result decoded for the revision. */
  send(params: Params): Observable<CallEvent<unknown>>;
}

function abortable<T>(work: (signal: AbortSignal) => Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    let done = false;
    const inner = work(controller.signal).subscribe({
      next: (value) => subscriber.next(value),
      error: (error: unknown) => {
        done = true;
        subscriber.error(error);
      },
      complete: () => {
        done = true;
        subscriber.complete();
      },
    });
    return () => {
      inner.unsubscribe();
      if (!done) controller.abort();
    };
  });
}

function fulfilAll(host: RoundHost, requests: InputRequests): Observable<Record<string, InputResponse>> {
  const entries = Object.entries(requests);
  if (entries.length === 0) return of({});
  return forkJoin(
    entries.map(([key, request]) =>
      abortable((signal) => fulfilInputRequest(host.run, request, signal)).pipe(
        last(),
        catchError((error: unknown) =>
          throwError(() =>
            RpcError.is(error) && (error as RpcError).rpcCode === -32601
              ? new InputRequiredError(host.method, 0, `The server asked for ${request.method}, which the client has no handler for`, { cause: error })
              : error,
          ),
        ),
        map((response) => [key, response] as const),
      ),
    ),
  ).pipe(map((pairs) => Object.fromEntries(pairs)));
}

function nextParams(original: Params, responses: Record<string, InputResponse>, answer: InputRequiredResult): Params {
  const next: Record<string, unknown> = { ...original, inputResponses: responses };
  if (answer.requestState !== undefined) next['requestState'] = answer.requestState;
  return next;
}

function answerRound(host: RoundHost, original: Params, answer: InputRequiredResult, round: number): Observable<CallEvent<unknown>> {
  if (round > host.maxRounds) {
    return throwError(() => new InputRequiredError(host.method, round - 1, `${host.method} still needed input after ${host.maxRounds} rounds`));
  }
  const requests = answer.inputRequests ?? {};
  const announce = of<CallEvent<unknown>>({ type: 'input-required', round, inputRequests: requests });
  const retry$ = fulfilAll(host, requests).pipe(mergeMap((responses) => rounds(host, original, nextParams(original, responses, answer), round + 1)));
  return concat(announce, retry$);
}

/**
 * One round: progress passes through and a complete result ends the call at once; only an `input_required`
 * answer starts an inner stream (fulfil, then the next round), which the call then follows to its end.
 */
function rounds(host: RoundHost, original: Params, params: Params, round: number): Observable<CallEvent<unknown>> {
  return new Observable<CallEvent<unknown>>((subscriber) => {
    const observer = new Round(host, original, round, subscriber);
    observer.current = host.send(params).subscribe(observer);
    return observer;
  });
}

/** The observer of one round's request, and the teardown of the round (its request, then the next round). */
class Round implements Observer<CallEvent<unknown>> {
  current: Subscription | undefined;
  private following: Subscription | undefined;

  constructor(
    private readonly host: RoundHost,
    private readonly original: Params,
    private readonly round: number,
    private readonly subscriber: Subscriber<CallEvent<unknown>>,
  ) {}

  next(event: CallEvent<unknown>): void {
    if (event.type !== 'result' || !isInputRequiredResult(event.result)) {
      this.subscriber.next(event);
      return;
    }
    this.following = answerRound(this.host, this.original, event.result, this.round).subscribe(this.subscriber);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    if (this.following === undefined) this.subscriber.complete();
  }

  unsubscribe(): void {
    this.current?.unsubscribe();
    this.following?.unsubscribe();
  }
}

/**
 * Runs one 2026-07-28 request to its end: each `input_required` answer is fulfilled through the client's
 * handlers (all entries, in parallel) and the same method is sent again, with a new id, the original params,
 * this round's `inputResponses` under the same keys and `requestState` echoed as received (omitted when none
 * came). Older revisions never answer `input_required`, so this is a plain request there.
 *
 * **Temperature:** cold. **Emits:** progress and `input-required` events, then one `result` event.
 * **Completes:** after the result. **Errors:** `InputRequiredError` past `maxRounds` or for input the client has
 * no handler for, `UnsupportedMethodError` for input of an unknown kind, what the handlers error with, and what the requests error with. **Teardown:** cancels the request or the
 * handlers in flight (their signal aborts); nothing more is sent.
 */
export function withInputRounds(host: RoundHost, params: Params): Observable<CallEvent<unknown>> {
  // `rounds` sends nothing before it is subscribed: no `defer` around it.
  return rounds(host, params, params, 1);
}
