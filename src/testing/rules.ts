import { concatMap, isObservable, of, take, timer, type Observable } from 'rxjs';
import type { Params } from '../session/types.js';
import { describeMatcher, matchesParams, type ParamsMatcher } from './matching.js';
import type { TestRequestImpl } from './test-request.js';
import type { InputRequests } from '../protocol/model/mrtr.js';
import type { Answers, RequestRule, RespondOptions, RuleOptions, TestRequest } from './types.js';

/** What a rule needs from its controller. */
export interface RuleHost {
  /** Checks a scripted result for the revision at once, so a bad one fails where it was written. */
  checkResult(method: string, result: Params): void;
  /** The rule can take requests now: hand it the pending ones that match. */
  activate(rule: Rule): void;
  /** Drops the connection a request came on. */
  drop(request: TestRequestImpl, error: unknown): void;
  /** A rule's script threw. */
  failed(rule: Rule, request: TestRequestImpl, error: unknown): void;
}

type Action = (request: TestRequestImpl) => void;

/**
 * Answers a request some time after it was taken. A request cancelled or lost meanwhile is not answered (its answer
 * could not be used), and what the answer throws (a result the revision cannot carry) fails the rule.
 */
function settleLater(request: TestRequestImpl, act: () => void, fail: (error: unknown) => void): void {
  if (request.settled) return;
  try {
    act();
  } catch (error) {
    fail(error);
  }
}

function later(request: TestRequestImpl, options: RespondOptions | undefined, act: () => void, fail: (error: unknown) => void): void {
  const delayMs = options?.delayMs ?? 0;
  if (delayMs <= 0) act();
  else timer(delayMs).subscribe(() => settleLater(request, act, fail));
}

/** A rule registered with `whenRequest`. */
export class Rule implements RequestRule {
  readonly requests: TestRequest[] = [];
  private action: Action | undefined;
  private removed = false;

  constructor(
    private readonly host: RuleHost,
    readonly method: string,
    readonly matcher: ParamsMatcher<TestRequest> | undefined,
    private readonly options: RuleOptions,
    /** Rules made by `nextRequest` are not required by `verify()`. */
    readonly required = options.times !== undefined,
  ) {}

  /** True when the rule takes this request now. */
  matches(request: TestRequestImpl): boolean {
    if (this.action === undefined || this.removed || this.exhausted) return false;
    return request.method === this.method && matchesParams(this.matcher, request.params, request);
  }

  get exhausted(): boolean {
    return this.options.times !== undefined && this.requests.length >= this.options.times;
  }

  /** Problems for `verify()`: a rule with `times` that took fewer requests. */
  unmet(): string | undefined {
    const { times } = this.options;
    if (!this.required || times === undefined || this.removed || this.requests.length >= times) return undefined;
    return `${this.describe()} took ${this.requests.length} of the ${times} requests it expects`;
  }

  describe(): string {
    const times = this.options.times === undefined ? '' : `, { times: ${this.options.times} }`;
    return `whenRequest(${describeMatcher(this.method, this.matcher)}${times})`;
  }

  take(request: TestRequestImpl): void {
    this.requests.push(request);
    request.takenBy = this.describe();
    try {
      this.action?.(request);
    } catch (error) {
      this.host.failed(this, request, error);
    }
  }

  respond(result: Params | ((request: TestRequest) => Params), options?: RespondOptions): RequestRule {
    if (typeof result !== 'function') this.host.checkResult(this.method, result);
    return this.use((request) =>
      later(request, options, () => request.respond(typeof result === 'function' ? result(request) : result), (error) => this.host.failed(this, request, error)),
    );
  }

  error(code: number, message: string, data?: unknown, options?: RespondOptions): RequestRule {
    return this.use((request) => later(request, options, () => request.error(code, message, data), (error) => this.host.failed(this, request, error)));
  }

  handle(script: (request: TestRequest) => void): RequestRule {
    return this.use(script);
  }

  ask<Q extends InputRequests>(
    inputRequests: Q | ((request: TestRequest) => Q),
    answer: (answers: Answers<Q>, request: TestRequest) => Params | Observable<Params>,
  ): RequestRule {
    return this.use((request) => {
      const fail = (error: unknown) => this.host.failed(this, request, error);
      request
        .ask(typeof inputRequests === 'function' ? inputRequests(request) : inputRequests)
        .pipe(concatMap((answers) => {
          const result = answer(answers, request);
          return isObservable(result) ? result.pipe(take(1)) : of(result);
        }))
        .subscribe({
          next: (result) => settleLater(request, () => request.respond(result), fail),
          error: (error: unknown) => {
            if (!request.settled) fail(error); // a call the client cancelled, or whose connection went, is no failure
          },
        });
    });
  }

  never(): RequestRule {
    return this.use((request) => request.never());
  }

  drop(error?: unknown): RequestRule {
    return this.use((request) => this.host.drop(request, error));
  }

  remove(): void {
    this.removed = true;
  }

  private use(action: Action): RequestRule {
    this.action = action;
    this.host.activate(this);
    return this;
  }
}
