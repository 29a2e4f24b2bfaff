import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/**
 * A test script asked the testing controller for something the protocol or the situation does not allow: a second
 * answer to one request, progress for a request without a progress token, a server→client request in 2026-07-28,
 * a result that does not fit the revision. The message names what and why; nothing was sent.
 */
export class TestScriptError extends McpError {
  static override readonly kind: string = 'TestScriptError';

  constructor(message: string, options: McpErrorOptions = {}) {
    super('test-script', message, options);
  }
}

/**
 * An expectation of the testing controller failed: no pending request matched `expectRequest`, a request was not
 * cancelled, or `verify()` found unexpected requests, unanswered ones or unmet rules. The message lists what was
 * pending.
 */
export class ExpectationFailedError extends McpError {
  static override readonly kind: string = 'ExpectationFailedError';
  /** Each problem found, one line each (the message lists them too). */
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = [], options: McpErrorOptions = {}) {
    super('expectation', message, options);
    this.problems = problems;
  }
}

/** Options of `RecordingMismatchError`. */
export interface RecordingMismatchErrorOptions extends McpErrorOptions {
  /** The params of the recorded requests of the same method (none when the recording has no such method). */
  readonly recorded?: readonly Record<string, unknown>[];
}

/**
 * The code under test sent a request that a recording does not have (no recorded request of that method with
 * equal params). The request got a `-32603` error with this message; `verify()` of the replay controller fails
 * with it.
 */
export class RecordingMismatchError extends McpError {
  static override readonly kind: string = 'RecordingMismatchError';
  /** The method of the request. */
  readonly method: string;
  /** Its params, without `_meta`. */
  readonly params: Record<string, unknown>;
  /** The params of the recorded requests of the same method. */
  readonly recorded: readonly Record<string, unknown>[];

  constructor(method: string, params: Record<string, unknown>, options: RecordingMismatchErrorOptions = {}) {
    const recorded = options.recorded ?? [];
    const has = recorded.length === 0 ? `it has no ${method} at all` : `it has ${method} with ${recorded.map((p) => JSON.stringify(p)).join(' or ')}`;
    super('expectation', `The recording has no ${method} with ${JSON.stringify(params)}: ${has}`, options);
    this.method = method;
    this.params = params;
    this.recorded = recorded;
  }
}
