import type { JsonObject } from './primitives.js';

/** Per-capability settings object; `{}` means "supported, no settings". */
export type CapabilitySettings = JsonObject;

/** Capabilities a 2025-11-25 peer may declare for the core tasks feature. */
export interface TasksCapability {
  /** The peer answers `tasks/list`. */
  readonly list?: CapabilitySettings;
  /** The peer answers `tasks/cancel`. */
  readonly cancel?: CapabilitySettings;
  /**
   * The requests the peer runs as tasks when asked to, by area and method, e.g.
   * `{ tools: { call: {} } }` or `{ sampling: { createMessage: {} } }`.
   */
  readonly requests?: Readonly<Record<string, Readonly<Record<string, CapabilitySettings>>>>;
}

/**
 * What the client supports. The union of every revision: `elicitation` from 2025-06-18 (`form`/`url` from
 * 2025-11-25), `sampling.context`/`sampling.tools` and `tasks` in 2025-11-25, `extensions` in 2026-07-28
 * (where `roots` has no `listChanged` and `tasks` moved to the tasks extension). Fields a revision does not
 * define are dropped when the capabilities are sent to a server of that revision.
 */
export interface ClientCapabilities {
  /** Non-standard capabilities, by name. */
  readonly experimental?: Readonly<Record<string, CapabilitySettings>>;
  /** The client answers `roots/list`. */
  readonly roots?: {
    /** The client sends `notifications/roots/list_changed` (legacy revisions). */
    readonly listChanged?: boolean;
  };
  /** The client answers `sampling/createMessage`. */
  readonly sampling?: {
    /** The client honours `includeContext` other than `none` (2025-11-25+). */
    readonly context?: CapabilitySettings;
    /** The client accepts `tools` and `toolChoice` in sampling requests (2025-11-25+). */
    readonly tools?: CapabilitySettings;
  };
  /** The client answers `elicitation/create` (2025-06-18+); `{}` alone means form mode. */
  readonly elicitation?: {
    /** Form elicitations: the user fills in a schema-described form (2025-11-25+). */
    readonly form?: CapabilitySettings;
    /** URL elicitations: the user completes a step on a web page (2025-11-25+). */
    readonly url?: CapabilitySettings;
  };
  /** The client runs requests as tasks (2025-11-25). */
  readonly tasks?: TasksCapability;
  /** 2026-07-28: the extensions the client supports, by identifier. */
  readonly extensions?: Readonly<Record<string, CapabilitySettings>>;
}

/**
 * What the server supports. `completions` from 2025-03-26, `tasks` in 2025-11-25, `extensions` in 2026-07-28.
 */
export interface ServerCapabilities {
  /** Non-standard capabilities, by name. */
  readonly experimental?: Readonly<Record<string, CapabilitySettings>>;
  /** The server sends log messages and answers `logging/setLevel`. */
  readonly logging?: CapabilitySettings;
  /** The server answers `completion/complete` (2025-03-26+). */
  readonly completions?: CapabilitySettings;
  /** The server offers prompts. */
  readonly prompts?: {
    /** The server says when its prompt list changes. */
    readonly listChanged?: boolean;
  };
  /** The server offers resources. */
  readonly resources?: {
    /** The server says when a resource it was asked about changes. */
    readonly subscribe?: boolean;
    /** The server says when its resource list changes. */
    readonly listChanged?: boolean;
  };
  /** The server offers tools. */
  readonly tools?: {
    /** The server says when its tool list changes. */
    readonly listChanged?: boolean;
  };
  /** The server runs requests as tasks (2025-11-25). */
  readonly tasks?: TasksCapability;
  /** 2026-07-28: the extensions the server supports, by identifier. */
  readonly extensions?: Readonly<Record<string, CapabilitySettings>>;
}

/** Either side's capabilities. */
export type Capabilities = ClientCapabilities | ServerCapabilities;

/**
 * True when `capabilities` declares the capability at `path` (for example `['resources', 'subscribe']`):
 * every step is present, and a final boolean is `true`.
 */
export function hasCapability(capabilities: Capabilities | undefined, path: readonly string[]): boolean {
  let node: unknown = capabilities;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined && node !== null && node !== false;
}
