import { McpError, type McpErrorOptions } from './mcp-error.js';

/**
 * Why a tool result failed its output schema: `mismatch` (the `structuredContent` does not match), `missing` (the
 * tool declares an `outputSchema` but the result has no `structuredContent`), `unusable-schema` (the schema cannot
 * be checked: a `$ref` to another document, which is never fetched, a dialect that is not supported, a broken or
 * oversized schema).
 */
export type OutputSchemaFailure = 'mismatch' | 'missing' | 'unusable-schema';

/** One place where `structuredContent` does not match the schema. */
export interface OutputSchemaIssue {
  /** JSON Pointer into `structuredContent` (`''` is the value itself). */
  readonly path: string;
  /** JSON Pointer into the schema, to the keyword that failed (through `$ref`s as they were followed). */
  readonly schemaPath: string;
  /** The schema keyword that failed, e.g. `type`, `required` or `minimum`. */
  readonly keyword: string;
  /** The validator's description of the failure. */
  readonly message: string;
}

/** Options of `OutputSchemaError`. */
export interface OutputSchemaErrorOptions extends McpErrorOptions {
  /** The tool's name. */
  readonly tool: string;
  /** Why the result failed (see `OutputSchemaFailure`). */
  readonly reason: OutputSchemaFailure;
  /** Where it fails, most specific first (empty for `missing` and `unusable-schema`). */
  readonly issues?: readonly OutputSchemaIssue[];
  /** The result as the server sent it, so that nothing is lost. */
  readonly result?: unknown;
}

/**
 * A tool's result does not satisfy the `outputSchema` the tool declares (or the schema cannot be checked). `path`
 * names the first place in `structuredContent` that fails; `issues` lists every place found; `result` keeps what
 * the server sent.
 */
export class OutputSchemaError extends McpError {
  static override readonly kind: string = 'OutputSchemaError';
  /** The name of the tool whose result failed. */
  readonly tool: string;
  /**
   * Why: `mismatch` (the `structuredContent` does not match), `missing` (no `structuredContent`) or
   * `unusable-schema` (the schema cannot be checked).
   */
  readonly reason: OutputSchemaFailure;
  /** JSON Pointer of the first failing place in `structuredContent` (`''`: the value itself). */
  readonly path: string;
  /** Every place where `structuredContent` does not match, in the order found (empty for `missing`, `unusable-schema`). */
  readonly issues: readonly OutputSchemaIssue[];
  /** The result as the server sent it. */
  readonly result: unknown;

  constructor(message: string, options: OutputSchemaErrorOptions) {
    super('output-schema', message, options);
    this.tool = options.tool;
    this.reason = options.reason;
    this.issues = options.issues ?? [];
    this.path = this.issues[0]?.path ?? '';
    this.result = options.result;
  }
}
