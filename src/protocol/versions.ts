import { REVISION_REGISTRY, type RegistryModernVersion, type RegistryVersion, type VersionsOf } from './revision-registry.js';
import type { ProtocolEra } from './revision-traits.js';

export type { ProtocolEra } from './revision-traits.js';

/** The versions of registry `entries`, in their order, as a tuple of literals. */
function versionsOf<const T extends readonly { readonly version: string }[]>(entries: T): VersionsOf<T> {
  return entries.map((entry) => entry.version) as unknown as VersionsOf<T>;
}

/** Every MCP revision rxmcp speaks, newest first (the versions of the revision registry). */
export const SUPPORTED_PROTOCOL_VERSIONS = versionsOf(REVISION_REGISTRY);

/**
 * One MCP revision rxmcp speaks.
 * @useDeclaredType
 */
export type ProtocolVersion = RegistryVersion;

/**
 * The stateless revision (per-request `_meta`, `server/discover`, multi round-trip requests).
 * @useDeclaredType
 */
export type ModernProtocolVersion = RegistryModernVersion;

/** A handshake revision (`initialize`, sessions, server→client requests). */
export type LegacyProtocolVersion = Exclude<ProtocolVersion, ModernProtocolVersion>;

const isModernEntry = (entry: { readonly era: ProtocolEra }): boolean => entry.era === 'modern';

/** The newest revision rxmcp speaks (the registry's first entry: a newest revision that is not stateless does not compile). */
export const LATEST_PROTOCOL_VERSION: ModernProtocolVersion = REVISION_REGISTRY[0].version;

/** The handshake revisions rxmcp speaks, newest first. */
export const LEGACY_PROTOCOL_VERSIONS: readonly LegacyProtocolVersion[] = REVISION_REGISTRY.filter((entry) => !isModernEntry(entry)).map(
  (entry) => entry.version as LegacyProtocolVersion,
);

/** The newest handshake revision: what a legacy `initialize` asks for first. */
export const LATEST_LEGACY_PROTOCOL_VERSION: LegacyProtocolVersion = LEGACY_PROTOCOL_VERSIONS[0] as LegacyProtocolVersion;

/** The first stateless revision: every revision from this date on has no `initialize` handshake. */
export const FIRST_MODERN_PROTOCOL_VERSION: ModernProtocolVersion = REVISION_REGISTRY.filter(isModernEntry).map((entry) => entry.version).pop() as ModernProtocolVersion;

const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a revision rxmcp speaks. */
export function isSupportedVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** True for a well-formed revision string (`YYYY-MM-DD`), known or not. */
export function isVersionString(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}

/**
 * True for stateless revisions: `2026-07-28` and any later well-formed revision string.
 * Revision strings are ISO dates, so they compare chronologically as strings.
 */
export function isModernVersion(version: string): boolean {
  return isVersionString(version) && version >= FIRST_MODERN_PROTOCOL_VERSION;
}

/** True for the handshake revisions (well-formed revision strings older than `2026-07-28`). */
export function isLegacyVersion(version: string): boolean {
  return isVersionString(version) && version < FIRST_MODERN_PROTOCOL_VERSION;
}

/** The era of a revision string; `undefined` when it is not a well-formed revision string. */
export function eraOf(version: string): ProtocolEra | undefined {
  if (!isVersionString(version)) return undefined;
  return version >= FIRST_MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy';
}

/** Chronological order of two revision strings: negative when `a` is older, positive when newer, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when revision `version` is `since` or newer. */
export function isVersionAtLeast(version: string, since: string): boolean {
  return compareVersions(version, since) >= 0;
}

/** Options of `pickVersion`. */
export interface PickVersionOptions {
  /** The revisions we are willing to speak, in any order (default: `SUPPORTED_PROTOCOL_VERSIONS`). */
  readonly ours?: readonly ProtocolVersion[];
  /** Only consider revisions of this era. */
  readonly era?: ProtocolEra;
}

/**
 * The newest revision both sides speak, or `undefined` when there is none.
 * `theirs` is what the server offered: `DiscoverResult.supportedVersions`, or the `supported` list of an
 * `UnsupportedProtocolVersion` error. Entries that are not strings are ignored.
 */
export function pickVersion(theirs: readonly unknown[], options: PickVersionOptions = {}): ProtocolVersion | undefined {
  const ours = options.ours ?? SUPPORTED_PROTOCOL_VERSIONS;
  let best: ProtocolVersion | undefined;
  for (const candidate of theirs) {
    if (!isSupportedVersion(candidate) || !ours.includes(candidate)) continue;
    if (options.era !== undefined && eraOf(candidate) !== options.era) continue;
    if (best === undefined || candidate > best) best = candidate;
  }
  return best;
}

/**
 * Accepts the revision a legacy server answered `initialize` with: the revision itself when rxmcp speaks it
 * in the legacy era (and it is among `ours`, when given), else `undefined` (the client should disconnect).
 */
export function acceptLegacyVersion(
  returned: unknown,
  ours: readonly ProtocolVersion[] = SUPPORTED_PROTOCOL_VERSIONS,
): LegacyProtocolVersion | undefined {
  if (!isSupportedVersion(returned) || !ours.includes(returned) || isModernVersion(returned)) return undefined;
  return returned as LegacyProtocolVersion;
}
