import { McpError, type McpErrorOptions } from '../errors/mcp-error.js';

/** Options of `ModelEndpointError`. */
export interface ModelEndpointErrorOptions extends McpErrorOptions {
  /** HTTP status, when the endpoint answered. */
  readonly status?: number;
}

/**
 * A model endpoint failed: it could not be reached, answered an HTTP error (`status`, the endpoint's own message), or
 * answered something that is not a chat completion. Never carries the API key.
 */
export class ModelEndpointError extends McpError {
  static override readonly kind: string = 'ModelEndpointError';
  /** The HTTP status the endpoint answered with, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, options: ModelEndpointErrorOptions = {}) {
    super('model', message, options);
    this.status = options.status;
  }
}
