/** String discriminant of every error rxmcp raises. Local errors only: wire codes live in `RpcError.rpcCode`. */
export type McpErrorCode =
  | 'rpc'
  | 'transport'
  | 'closed'
  | 'timeout'
  | 'schema'
  | 'parse'
  | 'unsupported'
  | 'aborted'
  | 'negotiation'
  | 'pagination'
  | 'input'
  | 'session-lost'
  | (string & {});

/** Options accepted by every rxmcp error constructor. */
export interface McpErrorOptions {
  /** The underlying failure, kept as the ES2022 `cause`. */
  readonly cause?: unknown;
}

const KINDS = Symbol.for('rxmcp.error.kinds');

/** What `McpError.is` needs of the class it is called on: the brand name its instances carry. */
export interface ErrorClassLike {
  /** The class's brand name, e.g. `'RequestTimeoutError'` (the same in every copy of the package). */
  readonly kind: string;
}

/**
 * Base of the rxmcp error hierarchy.
 *
 * Every instance has a `name` equal to its class name, a string `code` and an optional `cause`.
 * `McpError.is(x)` (and `SubClass.is(x)`) recognise errors thrown by any copy of rxmcp loaded in the
 * same process (ESM and CJS builds side by side), where `instanceof` would fail.
 * @example
 * ```ts
 * import { McpError, RequestTimeoutError, RpcError } from 'rxmcp';
 *
 * client.callTool('search', { query: 'rxjs' }).subscribe({
 *   error: (error: unknown) => {
 *     if (RequestTimeoutError.is(error)) console.log('no answer in time');
 *     else if (RpcError.is(error)) console.log(`the server refused: ${error.rpcCode} ${error.message}`);
 *     else if (McpError.is(error)) console.log(`${error.code}: ${error.message}`);
 *   },
 * });
 * ```
 */
export class McpError extends Error {
  /** The class's brand name; subclasses override it. */
  static readonly kind: string = 'McpError';
  /** @internal */
  readonly [KINDS]: readonly string[];
  /** Local error code (never a JSON-RPC code). */
  readonly code: McpErrorCode;

  constructor(code: McpErrorCode, message: string, options: McpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    const kinds: string[] = [];
    for (let ctor = new.target as unknown; ctor && typeof ctor === 'function'; ctor = Object.getPrototypeOf(ctor)) {
      const kind = (ctor as Partial<ErrorClassLike>).kind;
      if (typeof kind === 'string' && !kinds.includes(kind)) kinds.push(kind);
    }
    this[KINDS] = kinds;
    this.name = kinds[0] ?? 'McpError';
  }

  /** True when `value` is an rxmcp error of the class named `kind` or of a subclass of it. */
  static hasKind(value: unknown, kind: string): value is McpError {
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as { [KINDS]?: unknown })[KINDS];
    return Array.isArray(kinds) && kinds.includes(kind);
  }

  /** Type guard that works across duplicate copies of the package. */
  static is<T extends McpError>(this: ErrorClassLike & (abstract new (...args: never[]) => T), value: unknown): value is T {
    return McpError.hasKind(value, this.kind);
  }
}
