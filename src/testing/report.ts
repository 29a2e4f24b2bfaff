// Failure messages of the testing controller: what went wrong, and what was pending at the time.
import type { Core } from './core.js';
import { ExpectationFailedError } from './errors.js';
import type { TestRequestImpl } from './test-request.js';

function status(request: TestRequestImpl): string {
  if (request.cancelled) return ` (cancelled by the client${request.cancelledBy === 'abort' ? ', exchange aborted' : ''})`;
  if (request.lost) return ` (connection ${request.connection} closed)`;
  return '';
}

/** One line per request: method, id, params, connection and status. */
export function describeRequests(requests: readonly TestRequestImpl[]): string {
  if (requests.length === 0) return '  (none)';
  return requests.map((request) => `  ${request.describe()} on connection ${request.connection}${status(request)}`).join('\n');
}

/** The pending requests, as failure messages show them. */
export function pendingReport(core: Core): string {
  return `Pending requests (${core.pending.length}):\n${describeRequests(core.pending)}`;
}

function unanswered(request: TestRequestImpl): string | undefined {
  if (request.takenBy === undefined || request.settled) return undefined;
  if (request.outcome === 'waiting') return `${request.describe()} asked the client for input (input_required) and the client never retried`;
  return `${request.describe()} was taken by ${request.takenBy} and never answered (respond, error, inputRequired or never)`;
}

/** Everything `verify()` reports, one line each. */
export function problemsOf(core: Core): string[] {
  const problems = [...core.problems];
  for (const request of core.pending) problems.push(`unexpected request: ${request.describe()} on connection ${request.connection}${status(request)}`);
  for (const request of core.all) {
    const problem = unanswered(request);
    if (problem !== undefined) problems.push(problem);
  }
  for (const rule of core.rules) {
    const unmet = rule.unmet();
    if (unmet !== undefined) problems.push(unmet);
  }
  return problems;
}

/** Throws when `verify()` finds problems. */
export function verify(core: Core): void {
  const problems = problemsOf(core);
  if (problems.length === 0) return;
  const lines = problems.map((problem) => `  - ${problem}`).join('\n');
  throw new ExpectationFailedError(`The testing controller found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines}`, problems);
}
