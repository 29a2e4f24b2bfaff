import { isAbsolute, resolve } from 'node:path';
import { discoverConfigs, loadConfigFile, type Discovery, type LocatedEntry } from '../../config/node/discover.js';
import { redactServer } from '../../config/redact.js';
import type { ServerConfig } from '../../config/types.js';
import { commandKindOf } from '../../node/registry.js';
import { EXIT } from '../failure.js';
import type { Run } from '../run-context.js';
import type { Styler } from '../style.js';

/** The transport that runs an entry: a command's kind of `COMMAND_TRANSPORTS` (`docker` for `docker run …`), else its own. */
function transportOf(config: ServerConfig): string {
  return config.kind === 'stdio' ? commandKindOf(config) : config.kind;
}

function summary(config: ServerConfig): string {
  if (config.kind === 'stdio') return [config.command, ...config.args].join(' ');
  return config.url;
}

function entryValue(located: LocatedEntry): Record<string, unknown> {
  const { entry } = located;
  return {
    name: entry.name,
    ...redactServer(entry.config),
    transport: transportOf(entry.config),
    source: { file: entry.source.file, format: entry.source.format, label: located.location.label, ...(entry.source.scope === undefined ? {} : { scope: entry.source.scope }) },
    ...(entry.disabled ? { disabled: true } : {}),
    ...(located.shadowed ? { shadowed: true } : {}),
    ...(entry.problems.length === 0 ? {} : { problems: entry.problems }),
  };
}

function entryLines(located: LocatedEntry, style: Styler): string[] {
  const { entry } = located;
  const config = redactServer(entry.config);
  const flags = [entry.disabled ? 'disabled' : '', located.shadowed ? 'shadowed by an entry above' : ''].filter((flag) => flag !== '');
  const env = config.kind === 'stdio' ? Object.entries(config.env) : Object.entries(config.headers);
  const lines = [
    `${style(['bold', located.shadowed ? 'dim' : 'cyan'], entry.name)}  ${style('dim', transportOf(config))}  ${summary(config)}${flags.length === 0 ? '' : style('yellow', `  (${flags.join(', ')})`)}`,
    `  ${style('dim', `${located.location.label}: ${entry.source.file}`)}`,
  ];
  if (env.length > 0) lines.push(`  ${style('dim', config.kind === 'stdio' ? 'env' : 'headers')} ${env.map(([key, value]) => `${key}=${value}`).join(' ')}`);
  for (const problem of entry.problems) lines.push(`  ${style('red', `problem: ${problem}`)}`);
  return lines;
}

async function discovery(run: Run): Promise<Discovery> {
  const file = run.command.target.kind === 'config' ? run.command.target.file : undefined;
  if (file === undefined) return discoverConfigs(run.place);
  const path = isAbsolute(file) ? file : resolve(run.place.cwd, file);
  const location = { file: path, label: '--config', scope: 'project' as const };
  const config = await loadConfigFile(path, { label: '--config', project: run.place.cwd });
  return { searched: [{ location, status: 'found', config }], servers: config.servers.map((entry) => ({ entry, location, shadowed: false })) };
}

/**
 * `servers`: the MCP servers the known configuration files (or `--config`) define, with where each came from, and
 * every place searched. Secrets are redacted: environment and header values show only as variable references.
 */
export async function serversVerb(run: Run): Promise<number> {
  const found = await discovery(run);
  if (run.out.json) {
    const searched = found.searched.map((place) => ({ file: place.location.file, label: place.location.label, status: place.status, ...(place.error === undefined ? {} : { error: place.error.message }) }));
    run.out.value({ servers: found.servers.map(entryValue), searched });
    return EXIT.ok;
  }
  const style = run.out.style;
  if (found.servers.length === 0) run.out.line(style('dim', '(no servers configured)'));
  for (const located of found.servers) for (const line of entryLines(located, style)) run.out.line(line);
  const files = found.searched.filter((place) => place.status !== 'absent');
  run.out.line('');
  run.out.line(style('dim', files.length === 0 ? 'No configuration file found. Searched:' : 'Configuration files:'));
  for (const place of files.length === 0 ? found.searched : files) {
    const status = place.status === 'error' ? style('red', ` ${place.error?.message ?? 'unreadable'}`) : place.status === 'found' ? '' : style('dim', ' (absent)');
    run.out.line(`  ${place.location.label}: ${place.location.file}${status}`);
  }
  return EXIT.ok;
}
