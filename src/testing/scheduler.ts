// A TestScheduler whose assertions belong to the kit, so a marble test needs no test framework's `expect` and its
// failure reads as frames ("106ms next ...") rather than as a dump of rxjs's internal message objects.
import { TestScheduler } from 'rxjs/testing';
import { sameValue } from './equality.js';
import { ExpectationFailedError } from './errors.js';
import { show } from './matching.js';

interface FrameEntry {
  readonly frame: number;
  readonly notification: { readonly kind: string; readonly value?: unknown; readonly error?: unknown };
}

interface SubscriptionEntry {
  readonly subscribedFrame: number;
  readonly unsubscribedFrame: number;
}

const isFrame = (entry: unknown): entry is FrameEntry =>
  typeof entry === 'object' && entry !== null && 'frame' in entry && 'notification' in entry;
const isSubscription = (entry: unknown): entry is SubscriptionEntry =>
  typeof entry === 'object' && entry !== null && 'subscribedFrame' in entry;

/** One entry of what `expectObservable` or `expectSubscriptions` compares, as a line of a failure message. */
function describeEntry(entry: unknown): string {
  if (isFrame(entry)) {
    const { kind, value, error } = entry.notification;
    const what = kind === 'N' ? `next ${show(value)}` : kind === 'E' ? `error ${show(error)}` : 'complete';
    return `${entry.frame}ms ${what}`;
  }
  if (isSubscription(entry)) {
    const end = Number.isFinite(entry.unsubscribedFrame) ? `, unsubscribed at ${entry.unsubscribedFrame}ms` : ', never unsubscribed';
    return `subscribed at ${entry.subscribedFrame}ms${end}`;
  }
  return show(entry);
}

function differences(actual: readonly unknown[], expected: readonly unknown[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    if (i >= actual.length) problems.push(`missing: ${describeEntry(expected[i])}`);
    else if (i >= expected.length) problems.push(`unexpected: ${describeEntry(actual[i])}`);
    else if (!sameValue(actual[i], expected[i])) problems.push(`expected ${describeEntry(expected[i])}, got ${describeEntry(actual[i])}`);
  }
  return problems;
}

const listed = (entries: readonly unknown[]) => (entries.length === 0 ? '    (nothing)' : entries.map((entry) => `    ${describeEntry(entry)}`).join('\n'));

/** The assertion of `createMarbleScheduler`: throws `ExpectationFailedError` when `actual` differs from `expected`. */
function assertSame(actual: unknown, expected: unknown): void {
  if (sameValue(actual, expected)) return;
  if (!Array.isArray(actual) || !Array.isArray(expected)) {
    throw new ExpectationFailedError(`Expected ${show(expected)}, got ${show(actual)}`, [`expected ${show(expected)}, got ${show(actual)}`]);
  }
  const problems = differences(actual, expected);
  const message = `The observable did not do what the marble diagram says:\n  expected:\n${listed(expected)}\n  actual:\n${listed(actual)}\n  differences:\n${problems.map((problem) => `    - ${problem}`).join('\n')}`;
  throw new ExpectationFailedError(message, problems);
}

/**
 * A `TestScheduler` that needs no test framework: its assertions compare frames with the kit's equality (plain
 * data by structure; errors by name, message, `code` and a JSON-RPC error's `rpcCode` and `data`, so
 * `expectObservable(x).toBe('#', undefined, new RequestTimeoutError(...))` checks the error's name and text, not
 * its identity or stack; maps and sets in any order) and fail with `ExpectationFailedError`, whose message lists
 * the expected and actual frames and whose `problems` name each difference. `runWithServer`, `EraCase.run` and
 * `itInEachEra` use it when given no scheduler.
 *
 * **Temperature:** not a stream; a new scheduler per call (a TestScheduler runs once per `run`). **Emits,
 * Completes:** not applicable. **Errors:** its `run` throws `ExpectationFailedError` when an expectation fails.
 * **Teardown:** none.
 */
export function createMarbleScheduler(): TestScheduler {
  return new TestScheduler(assertSame);
}
