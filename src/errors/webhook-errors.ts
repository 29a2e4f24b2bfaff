import { McpError, type McpErrorOptions } from './mcp-error.js';

/**
 * Why a webhook receiver refused something: `bad-secret` (the secret is not `whsec_` and base64 of 24 to 64 bytes:
 * the receiver does not start), `malformed` (a POST without the Standard Webhooks headers, or whose body is not an
 * occurrence), `bad-signature` (no `v1` signature matches the body), `stale-timestamp` (`webhook-timestamp` outside the
 * tolerance), `replay` (a delivery already accepted, sent again with the same signature).
 */
export type EventWebhookFailure = 'bad-secret' | 'malformed' | 'bad-signature' | 'stale-timestamp' | 'replay';

/** Options of `EventWebhookError`. */
export interface EventWebhookErrorOptions extends McpErrorOptions {
  /** The delivery's `webhook-id` header, when it had one. */
  readonly webhookId?: string;
  /** The HTTP status the receiver answered with. */
  readonly status?: number;
}

/**
 * A webhook delivery the receiver refused (answered with an HTTP 4xx, nothing emitted, the receiver goes on), or a
 * secret it cannot start with. `failure` says which check failed.
 */
export class EventWebhookError extends McpError {
  static override readonly kind: string = 'EventWebhookError';
  /** Which check failed (see `EventWebhookFailure`). */
  readonly failure: EventWebhookFailure;
  /** The delivery's `webhook-id`, else `undefined`. */
  readonly webhookId: string | undefined;
  /** The HTTP status answered (4xx), else `undefined` (`bad-secret`). */
  readonly status: number | undefined;

  constructor(failure: EventWebhookFailure, message: string, options: EventWebhookErrorOptions = {}) {
    super('event-webhook', message, options);
    this.failure = failure;
    this.webhookId = options.webhookId;
    this.status = options.status;
  }
}
