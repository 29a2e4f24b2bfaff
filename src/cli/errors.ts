import { McpError, type McpErrorOptions } from '../index.js';

/** The command line cannot be understood (unknown option, missing argument, ...). */
export class UsageError extends McpError {
  static override readonly kind: string = 'UsageError';

  constructor(message: string, options: McpErrorOptions = {}) {
    super('usage', message, options);
  }
}

/** A tool or prompt argument does not fit its schema; found before anything was sent. */
export class ArgumentError extends McpError {
  static override readonly kind: string = 'ArgumentError';
  /** The property, as a path (`filters.limit`, `tags[1]`). */
  readonly property: string;
  /** What the schema expects (`integer`, `one of "a", "b"`, ...). */
  readonly expected: string;

  constructor(property: string, expected: string, message: string, options: McpErrorOptions = {}) {
    super('argument', message, options);
    this.property = property;
    this.expected = expected;
  }
}

/** The server has no tool, prompt or resource of that name. */
export class NotFoundError extends McpError {
  static override readonly kind: string = 'NotFoundError';
  readonly what: 'tool' | 'prompt' | 'resource';
  /** The name that was asked for. */
  readonly item: string;

  constructor(what: 'tool' | 'prompt' | 'resource', name: string, available: readonly string[]) {
    const list = available.length === 0 ? `the server lists no ${what}s` : `it has ${available.slice(0, 20).join(', ')}${available.length > 20 ? ', …' : ''}`;
    super('not-found', `The server has no ${what} "${name}" (${list})`);
    this.what = what;
    this.item = name;
  }
}

/** An HTTP server answered something that is not MCP (an HTML page, a redirect to a login form, ...). */
export class NotMcpError extends McpError {
  static override readonly kind: string = 'NotMcpError';
  readonly status: number | undefined;
  readonly contentType: string | undefined;

  constructor(message: string, details: { status?: number; contentType?: string }, options: McpErrorOptions = {}) {
    super('not-mcp', message, options);
    this.status = details.status;
    this.contentType = details.contentType;
  }
}

/** The user pressed Ctrl-C. */
export class InterruptedError extends McpError {
  static override readonly kind: string = 'InterruptedError';

  constructor(message = 'Interrupted') {
    super('interrupted', message);
  }
}
