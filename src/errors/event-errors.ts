import { McpError, type McpErrorOptions } from './mcp-error.js';

/** One place where a value does not match an event type's schema. */
export interface EventSchemaIssue {
  /** JSON Pointer into the value (`''` is the value itself). */
  readonly path: string;
  /** The schema keyword that failed, e.g. `type` or `required`. */
  readonly keyword: string;
  /** The validator's description of the failure. */
  readonly message: string;
}

/**
 * What failed its event type's schema: `arguments` (the subscription arguments, against `inputSchema`: nothing was
 * sent) or `payload` (an occurrence's `data`, against `payloadSchema`); `unusable-schema` when the schema itself
 * cannot be checked.
 */
export type EventSchemaFailure = 'arguments' | 'payload' | 'unusable-schema';

/** Options of `EventSchemaError`. */
export interface EventSchemaErrorOptions extends McpErrorOptions {
  /** Where the value fails, in the order found. */
  readonly issues?: readonly EventSchemaIssue[];
  /** The value as it was given or received, so that nothing is lost. */
  readonly value?: unknown;
  /** The occurrence's `eventId` (payload failures). */
  readonly eventId?: string;
}

/**
 * Subscription arguments that do not match the event type's `inputSchema` (refused before anything is sent), or an
 * occurrence whose `data` does not match its `payloadSchema`. `issues` lists every place found; `value` keeps it.
 */
export class EventSchemaError extends McpError {
  static override readonly kind: string = 'EventSchemaError';
  /** The event type's name. */
  readonly event: string;
  /** What failed (see `EventSchemaFailure`). */
  readonly failure: EventSchemaFailure;
  /** Every place where the value does not match (empty for `unusable-schema`). */
  readonly issues: readonly EventSchemaIssue[];
  /** The value as it was given or received. */
  readonly value: unknown;
  /** The occurrence's `eventId` (payload failures), else `undefined`. */
  readonly eventId: string | undefined;

  constructor(event: string, failure: EventSchemaFailure, message: string, options: EventSchemaErrorOptions = {}) {
    super('event-schema', message, options);
    this.event = event;
    this.failure = failure;
    this.issues = options.issues ?? [];
    this.value = options.value;
    this.eventId = options.eventId;
  }
}

/**
 * Why a subscription cannot go on: `unknown-type` (the server lists no such event type), `no-delivery-mode` (the
 * type offers no mode this client can run: webhook only, or not the mode asked for), `terminated` (the server ended
 * it: `notifications/events/terminated`, with the server's error in `rpcCode`, `data`).
 */
export type EventSubscriptionFailure = 'unknown-type' | 'no-delivery-mode' | 'terminated';

/** Options of `EventSubscriptionError`. */
export interface EventSubscriptionErrorOptions extends McpErrorOptions {
  /** `terminated`: the JSON-RPC error code the server sent. */
  readonly rpcCode?: number;
  /** `terminated`: the error's `data`. */
  readonly data?: unknown;
}

/** A subscription to an event type that cannot start or that the server ended (see `EventSubscriptionFailure`). */
export class EventSubscriptionError extends McpError {
  static override readonly kind: string = 'EventSubscriptionError';
  /** The event type's name. */
  readonly event: string;
  /** Why (see `EventSubscriptionFailure`). */
  readonly failure: EventSubscriptionFailure;
  /** `terminated`: the JSON-RPC error code the server sent, else `undefined`. */
  readonly rpcCode: number | undefined;
  /** `terminated`: the error's `data`, else `undefined`. */
  readonly data: unknown;

  constructor(event: string, failure: EventSubscriptionFailure, message: string, options: EventSubscriptionErrorOptions = {}) {
    super('event-subscription', message, options);
    this.event = event;
    this.failure = failure;
    this.rpcCode = options.rpcCode;
    this.data = options.data;
  }
}
