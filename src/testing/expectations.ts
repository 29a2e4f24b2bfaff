// The assertions of the testing controller: take what is pending, or fail with a message that lists it.
import { Observable } from 'rxjs';
import type { RequestId } from '../protocol/jsonrpc.js';
import type { Params } from '../session/types.js';
import type { Core } from './core.js';
import { ExpectationFailedError } from './errors.js';
import { describeMatcher, matchesParams, show, type ParamsMatcher } from './matching.js';
import { describeRequests, pendingReport } from './report.js';
import { Rule } from './rules.js';
import type { TestRequestImpl } from './test-request.js';
import type { TestRequest } from './types.js';

type Matcher = ParamsMatcher<TestRequest> | undefined;

const matching = (requests: readonly TestRequestImpl[], method: string | undefined, matcher: Matcher) =>
  requests.filter((request) => (method === undefined || request.method === method) && matchesParams(matcher, request.params, request));

function take(core: Core, request: TestRequestImpl, by: string): TestRequestImpl {
  const index = core.pending.indexOf(request);
  if (index >= 0) core.pending.splice(index, 1);
  request.takenBy = by;
  return request;
}

/** `TestingController.expectRequest`. */
export function expectRequest(core: Core, method: string, matcher: Matcher): TestRequest {
  const found = matching(core.pending, method, matcher);
  const wanted = describeMatcher(method, matcher);
  if (found.length === 1) return take(core, found[0] as TestRequestImpl, `expectRequest(${wanted})`);
  const summary = found.length === 0 ? 'found none' : `found ${found.length}: use matchRequests() to take several`;
  throw new ExpectationFailedError(`Expected one pending ${wanted} request, ${summary}.\n${pendingReport(core)}`);
}

/** `TestingController.matchRequests`. */
export function matchRequests(core: Core, method: string | undefined, matcher: Matcher): TestRequest[] {
  const by = `matchRequests(${describeMatcher(method, matcher)})`;
  return matching(core.pending, method, matcher).map((request) => take(core, request, by));
}

/** `TestingController.expectNoRequest`. */
export function expectNoRequest(core: Core, method: string | undefined, matcher: Matcher): void {
  const found = matching(core.all, method, matcher);
  if (found.length === 0) return;
  throw new ExpectationFailedError(`Expected no ${describeMatcher(method, matcher)} request, but the client made ${found.length}:\n${describeRequests(found)}`);
}

/** `TestingController.nextRequest`: a one-shot rule that is not required by `verify()`. */
export function nextRequest(core: Core, createRule: (method: string, matcher: Matcher) => Rule, method: string, matcher: Matcher): Observable<TestRequest> {
  return new Observable<TestRequest>((subscriber) => {
    const rule = createRule(method, matcher);
    rule.handle((request) => {
      rule.remove();
      subscriber.next(request);
      subscriber.complete();
    });
    return () => rule.remove();
  });
}

function findRequest(core: Core, target: RequestId | TestRequest): TestRequestImpl | undefined {
  if (typeof target === 'object') return core.all.find((request) => request === target);
  for (let i = core.all.length - 1; i >= 0; i--) if (core.all[i]?.id === target) return core.all[i];
  return undefined;
}

/** `TestingController.expectCancelled`. */
export function expectCancelled(core: Core, target: RequestId | TestRequest): void {
  const request = findRequest(core, target);
  if (request === undefined) {
    throw new ExpectationFailedError(`Expected request ${typeof target === 'object' ? `${target.method} #${String(target.id)}` : show(target)} to be cancelled, but the server never received it.\nReceived:\n${describeRequests(core.all)}`);
  }
  if (request.cancelled) return;
  const state = request.lost ? 'its connection closed first' : request.answered ? `it was answered (${request.outcome ?? ''})` : 'it is still in flight';
  throw new ExpectationFailedError(`Expected the client to cancel ${request.describe()}, but ${state}.`);
}

/** `TestingController.expectNotification`. */
export function expectNotification(core: Core, method: string, matcher: ParamsMatcher<Params> | undefined): Params {
  const found = core.notifications.find((n) => !n.taken && n.method === method && matchesParams(matcher, n.params, n.params));
  if (found !== undefined) {
    found.taken = true;
    return found.params;
  }
  const seen = core.notifications.filter((n) => !n.taken).map((n) => `  ${n.method} ${show(n.params)}`);
  throw new ExpectationFailedError(`Expected a ${describeMatcher(method, matcher)} notification from the client, found none.\nNot yet taken:\n${seen.length === 0 ? '  (none)' : seen.join('\n')}`);
}
