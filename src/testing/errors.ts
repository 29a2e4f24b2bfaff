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
