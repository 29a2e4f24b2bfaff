import type { JsonObject } from './primitives.js';

/** Per-capability settings object; `{}` means "supported, no settings". */
export type CapabilitySettings = JsonObject;

/** Capabilities a 2025-11-25 peer may declare for the core tasks feature. */
export interface TasksCapability {
  readonly list?: CapabilitySettings;
  readonly cancel?: CapabilitySettings;
  readonly requests?: Readonly<Record<string, Readonly<Record<string, CapabilitySettings>>>>;
}

/**
 * What the client supports. The union of every revision: `elicitation` from 2025-06-18 (`form`/`url` from
 * 2025-11-25), `sampling.context`/`sampling.tools` and `tasks` in 2025-11-25, `extensions` in 2026-07-28
 * (where `roots` has no `listChanged` and `tasks` moved to the tasks extension). Fields a revision does not
 * define are dropped when the capabilities are sent to a server of that revision.
 */
export interface ClientCapabilities {
  readonly experimental?: Readonly<Record<string, CapabilitySettings>>;
  readonly roots?: { readonly listChanged?: boolean };
  readonly sampling?: { readonly context?: CapabilitySettings; readonly tools?: CapabilitySettings };
  readonly elicitation?: { readonly form?: CapabilitySettings; readonly url?: CapabilitySettings };
  readonly tasks?: TasksCapability;
  readonly extensions?: Readonly<Record<string, CapabilitySettings>>;
}

/**
 * What the server supports. `completions` from 2025-03-26, `tasks` in 2025-11-25, `extensions` in 2026-07-28.
 */
export interface ServerCapabilities {
  readonly experimental?: Readonly<Record<string, CapabilitySettings>>;
  readonly logging?: CapabilitySettings;
  readonly completions?: CapabilitySettings;
  readonly prompts?: { readonly listChanged?: boolean };
  readonly resources?: { readonly subscribe?: boolean; readonly listChanged?: boolean };
  readonly tools?: { readonly listChanged?: boolean };
  readonly tasks?: TasksCapability;
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
