import { EMPTY, Observable, Subject, Subscription, catchError, concat, concatMap, defer, finalize, from, ignoreElements, merge, of, tap, throwError } from 'rxjs';
import { InputRequiredError, RpcError, SchemaError } from '../../errors/errors.js';
import type { InputRequest, InputRequests, InputResponse } from '../../protocol/model/mrtr.js';
import { fulfilInputRequest, type ServerRequestRunner } from '../server-requests.js';
import type { TaskInputEvent } from './types.js';

type Entry =
  | { readonly state: 'asking' }
  | { readonly state: 'answered' | 'sending' | 'sent'; readonly response: InputResponse };

const METHOD_NOT_FOUND = -32601;

/** The failure of a handler, as the watch reports it. */
function handlerFailure(request: InputRequest, error: unknown): unknown {
  if (!RpcError.is(error) || (error as RpcError).rpcCode !== METHOD_NOT_FOUND) return error;
  return new InputRequiredError('tools/call', 0, `The task asked for ${request.method}, which the client has no handler for`, { cause: error });
}

/**
 * The input requests of one 2026-07-28 task, for the whole watch: each key is put to the client's handlers once,
 * however many polls and notifications repeat it (keys are unique over a task's life), and each answer is
 * delivered with `tasks/update` once, on whichever connection is open when it is ready (again after a delivery
 * that a lost connection cut short: the server ignores keys it already has).
 */
export class InputDesk {
  private readonly entries = new Map<string, Entry>();
  private readonly work = new Subscription();
  private readonly ready = new Subject<void>();
  private readonly failures = new Subject<never>();
  private readonly acknowledged = new Subject<void>();

  /**
   * The first handler failure. **Temperature:** hot, replaying the failure to later subscribers. **Emits:** nothing.
   * **Completes:** never. **Errors:** with the failure (`InputRequiredError` for input without a handler).
   * **Teardown:** none.
   */
  readonly errors$: Observable<never> = this.failures.asObservable();

  /**
   * Each `tasks/update` the server acknowledged: the answers it carried have moved the task on, so the watch polls
   * at once instead of after the interval (a status an answer starts may last less than the interval).
   * **Temperature:** hot. **Emits:** once per acknowledged update. **Completes:** never. **Errors:** never.
   * **Teardown:** none.
   */
  readonly delivered$: Observable<void> = this.acknowledged.asObservable();

  constructor(private readonly run: ServerRequestRunner) {}

  /**
   * A `task-input` event for each key not seen before, after which the handlers start on them (an answer that is
   * ready but not delivered yet is delivered again). **Temperature:** cold. **Emits:** the events.
   * **Completes:** after them. **Errors:** never (handler failures go to `errors$`). **Teardown:** none (the handlers
   * run for the whole watch, until `close()`).
   */
  take(requests: InputRequests): Observable<TaskInputEvent> {
    return defer(() => {
      const fresh = Object.entries(requests).filter(([key]) => {
        const entry = this.entries.get(key);
        if (entry?.state === 'answered') this.ready.next();
        return entry === undefined;
      });
      for (const [key] of fresh) this.entries.set(key, { state: 'asking' });
      const events = fresh.map(([key, request]): TaskInputEvent => ({ type: 'task-input', key, request }));
      return concat(from(events), defer(() => {
        for (const [key, request] of fresh) this.fulfil(key, request);
        return EMPTY;
      }));
    });
  }

  /**
   * Delivers the answers not yet delivered through `send`, now and whenever one is ready, one update at a time.
   * A delivery that fails without a server error is tried again with the next answer or on the next connection.
   * **Temperature:** cold. **Emits:** nothing. **Completes:** never. **Errors:** with a server error of `send`
   * (`RpcError`, `SchemaError`). **Teardown:** stops delivering; an answer whose delivery was cut short is sent again.
   */
  deliver(send: (responses: Readonly<Record<string, InputResponse>>) => Observable<unknown>): Observable<never> {
    return merge(of(undefined), this.ready).pipe(concatMap(() => this.deliverOnce(send)));
  }

  /** Aborts the handlers still running. */
  close(): void {
    this.work.unsubscribe();
  }

  private fulfil(key: string, request: InputRequest): void {
    const controller = new AbortController();
    let settled = false;
    const handling = fulfilInputRequest(this.run, request, controller.signal).subscribe({
      next: (response) => {
        if (settled) return;
        settled = true;
        this.entries.set(key, { state: 'answered', response });
        this.ready.next();
      },
      error: (error: unknown) => {
        settled = true;
        this.failures.error(handlerFailure(request, error));
      },
    });
    this.work.add(() => {
      handling.unsubscribe();
      if (!settled) controller.abort();
    });
  }

  private deliverOnce(send: (responses: Readonly<Record<string, InputResponse>>) => Observable<unknown>): Observable<never> {
    const batch: Record<string, InputResponse> = {};
    for (const [key, entry] of this.entries) {
      if (entry.state !== 'answered') continue;
      batch[key] = entry.response;
      this.entries.set(key, { state: 'sending', response: entry.response });
    }
    const keys = Object.keys(batch);
    if (keys.length === 0) return EMPTY;
    let delivered = false;
    const mark = (state: 'answered' | 'sent') => {
      for (const key of keys) this.entries.set(key, { state, response: batch[key] as InputResponse });
    };
    return send(batch).pipe(
      ignoreElements(),
      tap({
        complete: () => {
          delivered = true;
          mark('sent');
          this.acknowledged.next();
        },
      }),
      catchError((error: unknown) => (RpcError.is(error) || SchemaError.is(error) ? throwError(() => error) : EMPTY)),
      finalize(() => {
        if (!delivered) mark('answered');
      }),
    );
  }
}
