/** Who sends a message. */
export type MethodDirection = 'client-to-server' | 'server-to-client' | 'both';

/**
 * What one revision says about one method. Static data: looking a method up constructs no schema.
 */
export interface MethodSpec {
  readonly kind: 'request' | 'notification';
  readonly direction: MethodDirection;
  /**
   * Path of the server capability this method depends on: the server must declare it before the client
   * sends the request, or to send the notification (e.g. `['resources', 'subscribe']`).
   */
  readonly serverCapability?: readonly string[];
  /** Path of the client capability this method depends on (server requests, client notifications). */
  readonly clientCapability?: readonly string[];
  /** 2026-07-28: the server asks this inside `InputRequiredResult.inputRequests`, never as a JSON-RPC request. */
  readonly inputRequest?: true;
  /** 2026-07-28: the result may be `input_required`. */
  readonly mayRequireInput?: true;
  /** The request takes `cursor` and its result carries `nextCursor`. */
  readonly paginated?: true;
  /** 2026-07-28: a completed result carries `ttlMs` and `cacheScope`. */
  readonly cacheable?: true;
  /** Deprecated by the revision (still part of it). */
  readonly deprecated?: true;
  /** The extension that defines the method (absent for the revision's core methods). */
  readonly extension?: string;
}

/** The methods of one revision, by name. */
export type MethodTable = Readonly<Record<string, MethodSpec>>;

/** True when the client may send this request. */
export function isClientRequestSpec(spec: MethodSpec | undefined): spec is MethodSpec {
  return spec?.kind === 'request' && spec.direction !== 'server-to-client';
}

/** True when the server may send this request (a legacy JSON-RPC request or a 2026-07-28 input request). */
export function isServerRequestSpec(spec: MethodSpec | undefined): spec is MethodSpec {
  return spec?.kind === 'request' && spec.direction !== 'client-to-server';
}

/** True when the client may send this notification. */
export function isClientNotificationSpec(spec: MethodSpec | undefined): spec is MethodSpec {
  return spec?.kind === 'notification' && spec.direction !== 'server-to-client';
}

/** True when the server may send this notification. */
export function isServerNotificationSpec(spec: MethodSpec | undefined): spec is MethodSpec {
  return spec?.kind === 'notification' && spec.direction !== 'client-to-server';
}
