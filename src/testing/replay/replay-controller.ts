import { timer } from 'rxjs';
import type { RecordingLine } from '../../transport/recording-format.js';
import type { Params } from '../../session/types.js';
import { controllerWith } from '../controller.js';
import { sameValue } from '../equality.js';
import { ExpectationFailedError, RecordingMismatchError } from '../errors.js';
import type { TestRequestImpl } from '../test-request.js';
import type { TestingController } from '../types.js';
import type { WireShape } from '../wire.js';
import { recordedServer } from './profile.js';
import { readRecording, type RecordedExchange } from './recording.js';

/** Options of `replayController`. */
export interface ReplayControllerOptions {
  /** Answer after the recorded delays (default true; virtual time inside `TestScheduler.run`). False answers at once. */
  readonly delays?: boolean;
  /** `stream` or `per-request` (default: as recorded, `per-request` for a recording of one-request exchanges). */
  readonly transport?: WireShape;
}

/**
 * A testing controller that plays a recorded server (see `replayController`). Rules added with `whenRequest` still
 * win over the recording.
 */
export interface ReplayController extends TestingController {
  /** The requests the recording did not have, so far. */
  readonly mismatches: readonly RecordingMismatchError[];
  /**
   * @throws ExpectationFailedError listing every request the recording did not have, besides what `verify()` of a
   * testing controller finds.
   */
  verify(): void;
}

/** Recorded exchanges by method and params, each answered in turn; the last answer of a kind repeats. */
function answerBook(exchanges: readonly RecordedExchange[]): (method: string, params: Params) => RecordedExchange | RecordedExchange[] {
  const used = new Map<RecordedExchange, number>();
  return (method, params) => {
    const same = exchanges.filter((exchange) => exchange.method === method);
    const matching = same.filter((exchange) => sameValue(exchange.params, params));
    if (matching.length === 0) return same;
    const turn = used.get(matching[0] as RecordedExchange) ?? 0;
    used.set(matching[0] as RecordedExchange, turn + 1);
    return matching[Math.min(turn, matching.length - 1)] as RecordedExchange;
  };
}

function play(request: TestRequestImpl, exchange: RecordedExchange, delays: boolean, failed: (error: unknown) => void): void {
  const at = (ms: number, act: () => void): void => {
    const run = () => {
      if (!request.open) return;
      try {
        act();
      } catch (error) {
        failed(error);
      }
    };
    if (!delays || ms <= 0) run();
    else timer(ms).subscribe(run);
  };
  if (request.progressToken !== undefined) {
    for (const step of exchange.progress) at(step.afterMs, () => request.progress(step.progress, step.total, step.message));
  }
  for (const note of exchange.notifications) at(note.afterMs, () => request.notify(note.method, note.params));
  const { error, result } = exchange;
  at(exchange.delayMs, () => (error === undefined ? request.respond(result ?? {}) : request.error(error.code, error.message, error.data)));
}

/**
 * Serves a recording of `recordFrames` (or `rxmcp record`) as a testing controller, so that code under test runs
 * offline against what a real server said. The controller speaks the recorded revision (either era) with the
 * recorded capabilities and identity, negotiates by itself, and answers each request with the recorded answer to a
 * request of the same method and equal params (without `_meta`), under the live request's id, after the recorded
 * delay (virtual time inside `TestScheduler.run`), with the recorded progress notifications when the client asked
 * for progress and the other notifications the request's own stream carried (a recording of exchanges). Equal requests take the recorded answers in turn; the last one repeats. A request the recording
 * does not have gets a `-32603` error whose message is that of a `RecordingMismatchError` (listed in `mismatches`,
 * and `verify()` fails with it).
 *
 * @throws TestScriptError for text that is not a recording, or one without a negotiation or of a revision rxmcp
 * does not speak.
 * @example
 * ```ts
 * import { lastValueFrom } from 'rxjs';
 * import { createClient } from 'rxmcp';
 * import { replayController } from 'rxmcp/testing';
 *
 * declare const recording: string; // what `rxmcp record session.ndjson <server>` wrote
 * const server = replayController(recording);
 * const tools = await lastValueFrom(createClient(server.transport).listTools());
 * server.verify();
 * ```
 */
export function replayController(recording: string | readonly (string | RecordingLine)[], options: ReplayControllerOptions = {}): ReplayController {
  const read = readRecording(recording);
  const find = answerBook(read.exchanges);
  const mismatches: RecordingMismatchError[] = [];
  const problems: string[] = [];
  const delays = options.delays ?? true;
  const fallback = (request: TestRequestImpl): boolean => {
    const found = find(request.method, request.params);
    request.takenBy = 'the recording';
    if (!Array.isArray(found)) {
      play(request, found, delays, (error) => problems.push(`The recorded answer to ${request.describe()} failed: ${error instanceof Error ? error.message : String(error)}`));
      return true;
    }
    const mismatch = new RecordingMismatchError(request.method, request.params, { recorded: found.map((exchange) => exchange.params) });
    mismatches.push(mismatch);
    request.error(-32603, mismatch.message, { method: request.method, params: request.params });
    return true;
  };
  const transport = options.transport ?? (read.perRequest ? 'per-request' : 'stream');
  const inner = controllerWith({ ...recordedServer(read.exchanges), transport }, fallback);
  const verify = (): void => {
    const found = [...mismatches.map((mismatch) => mismatch.message), ...problems];
    try {
      inner.verify();
    } catch (error) {
      if (!(error instanceof ExpectationFailedError)) throw error;
      found.push(...error.problems);
    }
    if (found.length > 0) throw new ExpectationFailedError(`The replay found ${found.length} problem(s):\n${found.map((p) => `- ${p}`).join('\n')}`, found);
  };
  return Object.create(inner, { mismatches: { value: mismatches, enumerable: true }, verify: { value: verify, enumerable: true } }) as ReplayController;
}
