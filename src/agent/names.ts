// Tool names as model providers accept them: OpenAI, Anthropic and most others take `[A-Za-z0-9_-]{1,64}`. MCP
// names are longer and freer (dots, slashes, 128 characters), and tools of several servers share one namespace, so
// names are sanitised, shortened with a stable hash when they overflow or collide, and mapped back through a table:
// a provider name is never parsed (`a__b__c` splits two ways).

/** The names every supported provider accepts. */
export const PROVIDER_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Default longest provider name. */
export const DEFAULT_MAX_TOOL_NAME_LENGTH = 64;

/** Default separator between a server's name and a tool's name. */
export const DEFAULT_TOOL_NAME_SEPARATOR = '__';

/** One tool to name: its MCP name and, when tools of several servers are mixed, its server's name. */
export interface ToolKey {
  /** The server the tool comes from, for tool lists of several servers. */
  readonly server?: string;
  /** The MCP tool name. */
  readonly name: string;
}

/** Options of {@link assignToolNames}. */
export interface ToolNameOptions {
  /** Longest name (default 64). */
  readonly maxLength?: number;
  /** Between server and tool (default `__`). */
  readonly separator?: string;
}

/** Provider names for a list of tools, and the way back. */
export interface ToolNames {
  /** The provider name of each key, in order; `undefined` for a repeated key (the same tool twice). */
  readonly names: readonly (string | undefined)[];
  /** Provider name → the tool it stands for. */
  readonly byName: ReadonlyMap<string, ToolKey>;
}

const encoder = new TextEncoder();

/** A short stable hash of `text` (FNV-1a, 32 bits, over UTF-8; 7 base-36 characters). */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

/** `raw` with every character outside `[A-Za-z0-9_-]` replaced by `_` (an empty name becomes `_`). */
export function sanitizeToolName(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

/** `base` shortened so that `_<hash>` fits within `max`. */
function withHash(base: string, hash: string, max: number): string {
  return `${base.slice(0, Math.max(0, max - hash.length - 1))}_${hash}`;
}

/** The full name a key stands for: `tool`, or `server<separator>tool`. */
export function qualifiedToolName(key: ToolKey, separator: string = DEFAULT_TOOL_NAME_SEPARATOR): string {
  return key.server === undefined ? key.name : `${key.server}${separator}${key.name}`;
}

function candidates(qualified: readonly string[], max: number): string[] {
  return qualified.map((full) => {
    const base = sanitizeToolName(full);
    return base.length > max ? withHash(base, shortHash(full), max) : base;
  });
}

/**
 * Names tools for a provider. A name that is already valid, short enough and unique stays as it is; one that had to
 * change (sanitised or too long) and collides with another gets `_<hash of the full name>`, so the same tool keeps
 * the same name from one list to the next; the same key twice names only its first occurrence.
 */
export function assignToolNames(keys: readonly ToolKey[], options: ToolNameOptions = {}): ToolNames {
  const max = options.maxLength ?? DEFAULT_MAX_TOOL_NAME_LENGTH;
  const qualified = keys.map((key) => qualifiedToolName(key, options.separator));
  const base = candidates(qualified, max);
  const count = new Map<string, number>();
  for (const name of base) count.set(name, (count.get(name) ?? 0) + 1);
  const seen = new Set<string>();
  const byName = new Map<string, ToolKey>();
  const names = keys.map((key, index) => {
    const full = qualified[index] as string;
    const identity = JSON.stringify([key.server ?? null, key.name]);
    if (seen.has(identity)) return undefined;
    seen.add(identity);
    let name = base[index] as string;
    if ((count.get(name) ?? 0) > 1 && name !== full) name = withHash(sanitizeToolName(full), shortHash(full), max);
    for (let attempt = 1; byName.has(name); attempt += 1) name = withHash(sanitizeToolName(full), shortHash(`${identity}#${attempt}`), max);
    byName.set(name, key);
    return name;
  });
  return { names, byName };
}
