// The servers `rxmcp ui` offers the page: the one on its command line, then every usable entry of the configuration
// files the CLI reads. Servers it spawns are named by an id in the WebSocket's path; only these may be spawned
// (others only with --allow-spawn).
import { discoverConfigs, type LocatedEntry } from '../../config/node/discover.js';
import { resolveServer } from '../../config/node/resolve.js';
import { redactServer } from '../../config/redact.js';
import type { ServerConfig } from '../../config/types.js';
import type { Place, ResolvedTarget } from '../target.js';
import type { Launchable } from './relay.js';

/** Where a preset came from: a configuration file's client, or the command line. */
export type PresetSource = 'claude-desktop' | 'claude-code' | 'cursor' | 'windsurf' | 'vscode' | 'codex' | 'gemini' | 'config' | 'command-line';

/** A server entry as the page may show and export it (secrets redacted). */
export interface PresetEntry {
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly transport?: string;
}

/** One server of the page's `config.json`. */
export interface UiPreset {
  readonly name: string;
  /** For `stdio`: the backend's WebSocket URL; for `http`: the server's own URL. */
  readonly url: string;
  readonly kind: 'http' | 'stdio';
  readonly source?: PresetSource;
  readonly entry?: PresetEntry;
  /** For `http`: the era the backend found the server speaking (the page then skips its own probe). */
  readonly era?: 'modern' | 'legacy';
}

/** A server of the catalog before the backend's port and token are known. */
interface Item {
  readonly name: string;
  readonly source: PresetSource;
  readonly entry: PresetEntry;
  /** Spawned servers: what to run. */
  readonly launch?: Launchable;
  /** Remote servers: their URL. */
  readonly url?: string;
  /** Remote servers: the era the backend found them speaking. */
  readonly era?: 'modern' | 'legacy';
}

/** The servers the backend offers and may spawn. */
export interface Catalog {
  readonly items: readonly Item[];
}

const SOURCES: readonly (readonly [RegExp, PresetSource])[] = [
  [/^Claude Desktop/, 'claude-desktop'], [/^Claude Code/, 'claude-code'], [/^Cursor/, 'cursor'], [/^Windsurf/, 'windsurf'],
  [/^VS Code/, 'vscode'], [/^Codex/, 'codex'], [/^Gemini/, 'gemini'],
];

const sourceOf = (located: LocatedEntry): PresetSource => SOURCES.find(([label]) => label.test(located.location.label))?.[1] ?? 'config';

function entryOf(config: ServerConfig): PresetEntry {
  const shown = redactServer(config);
  if (shown.kind === 'stdio') return { command: shown.command, args: shown.args, env: shown.env, ...(shown.cwd === undefined ? {} : { cwd: shown.cwd }) };
  return { url: shown.url, headers: shown.headers, transport: shown.kind };
}

function targetItem(target: ResolvedTarget, inheritEnv: boolean): Item {
  if ('command' in target) {
    const server = { command: target.command, args: target.args, env: target.env, cwd: target.cwd };
    const config: ServerConfig = { kind: 'stdio', command: target.command, args: target.args, env: target.env, ...(target.cwd === undefined ? {} : { cwd: target.cwd }) };
    return { name: target.label, source: 'command-line', entry: entryOf(config), launch: { label: target.label, server, inheritEnv } };
  }
  return { name: target.label, source: 'command-line', entry: entryOf({ kind: target.kind, url: target.url, headers: target.headers }), url: target.url };
}

async function configuredItem(located: LocatedEntry, place: Place, inheritEnv: boolean): Promise<Item | undefined> {
  const { entry } = located;
  if (entry.disabled || located.shadowed || entry.problems.length > 0) return undefined;
  const config = await resolveServer(entry, { env: place.env, home: place.home }).catch(() => undefined);
  if (config === undefined) return undefined;
  const base = { name: entry.name, source: sourceOf(located), entry: entryOf(entry.config) };
  if (config.kind !== 'stdio') return { ...base, url: config.url };
  const server = { command: config.command, args: config.args, env: config.env, cwd: config.cwd };
  return { ...base, launch: { label: entry.name, server, inheritEnv } };
}

/**
 * The catalog: `target` first (when the command line named one), then every usable configured server (not
 * disabled, not shadowed, without problems, its variables expanded). A file that cannot be read is skipped.
 */
export async function buildCatalog(target: ResolvedTarget | undefined, place: Place, inheritEnv: boolean): Promise<Catalog> {
  const found = await discoverConfigs(place);
  const configured = await Promise.all(found.servers.map((located) => configuredItem(located, place, inheritEnv)));
  const items = [...(target === undefined ? [] : [targetItem(target, inheritEnv)]), ...configured.filter((item): item is Item => item !== undefined)];
  return { items };
}

/** The catalog with the era of its first server (the command line's) set. */
export function withFirstEra(catalog: Catalog, era: 'modern' | 'legacy' | undefined): Catalog {
  const [first, ...rest] = catalog.items;
  return first === undefined || era === undefined ? catalog : { items: [{ ...first, era }, ...rest] };
}

/** The id of a spawned server in the backend's paths (`/stdio/<id>`): its place in the catalog. */
export const launchableAt = (catalog: Catalog, id: string): Launchable | undefined => (/^\d+$/.test(id) ? catalog.items[Number(id)]?.launch : undefined);

/** The page's presets, with the WebSocket URLs of the spawned servers on `origin` (`ws://127.0.0.1:<port>`). */
export function presetsOf(catalog: Catalog, wsOrigin: string, token: string): UiPreset[] {
  return catalog.items.map((item, index) => {
    const common = { name: item.name, source: item.source, entry: item.entry };
    if (item.launch !== undefined) return { ...common, kind: 'stdio' as const, url: `${wsOrigin}/stdio/${index}?token=${token}` };
    return { ...common, kind: 'http' as const, url: item.url ?? '', ...(item.era === undefined ? {} : { era: item.era }) };
  });
}
