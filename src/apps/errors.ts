import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/** A `ui://` resource that is not an MCP App: no contents, another MIME type, or no HTML. */
export class AppResourceError extends McpError {
  static override readonly kind: string = 'AppResourceError';
  /** The resource's URI. */
  readonly uri: string;

  constructor(uri: string, detail: string, options: McpErrorOptions = {}) {
    super('app-resource', `${uri} is not an MCP App: ${detail}`, options);
    this.uri = uri;
  }
}

/**
 * A UI resource whose `_meta.ui.csp` is not a list of source expressions (a keyword such as `'unsafe-eval'`, a
 * bare `*`, a path, a `;` that would start another directive...): the app is not shown, since the policy it asks for
 * cannot be given as asked.
 */
export class AppCspError extends McpError {
  static override readonly kind: string = 'AppCspError';
  /** The resource's URI. */
  readonly uri: string;
  /** The entries refused, as `field: value`. */
  readonly refused: readonly string[];

  constructor(uri: string, refused: readonly string[], options: McpErrorOptions = {}) {
    super('app-csp', `${uri} asks for a Content-Security-Policy that cannot be given: ${refused.join(', ')}`, options);
    this.uri = uri;
    this.refused = refused;
  }
}

/** A sandbox that would not isolate the app: its proxy page is on the host page's own origin, or not http(s). */
export class AppSandboxError extends McpError {
  static override readonly kind: string = 'AppSandboxError';

  constructor(message: string, options: McpErrorOptions = {}) {
    super('app-sandbox', message, options);
  }
}
