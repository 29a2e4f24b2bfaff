// `rxmcp ui [target]`: the dashboard page in the browser, for the server named as any other verb names it (a URL, a
// configured name, file.json:name, `-- command args…`), or for the catalog of every configured server.
import { spawn } from 'node:child_process';
import { openerCommand } from '../auth.js';
import { parseCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { describeFailure, EXIT } from '../failure.js';
import type { CliIo, CliStream } from '../io.js';
import { createOutput, type Output } from '../output.js';
import { homeOf, isCommandTarget, resolveTarget, type Place, type ResolvedTarget } from '../target.js';
import { buildCatalog, withFirstEra } from './catalog.js';
import { probeEra } from './era.js';
import { defaultPageDir } from './files.js';
import { isLoopbackHost } from './guard.js';
import { startUiServer, type UiServer } from './server.js';
import { UI_USAGE } from './usage.js';

/** The flags of `ui` itself; everything else is the target's (-e, --cwd, --inherit-env, -H, --config, --server). */
export interface UiFlags {
  readonly port: number;
  readonly host: string;
  readonly allowSpawn: boolean;
  readonly open: boolean;
  readonly help: boolean;
  /** The command line without the flags above, for the target. */
  readonly rest: readonly string[];
}

/** True for `rxmcp ui …`. */
export const isUiCommand = (argv: readonly string[]): boolean => argv[0] === 'ui';

function valueOf(argv: readonly string[], at: number, flag: string): string {
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('-')) throw new UsageError(`${flag} needs a value`);
  return value;
}

/** Takes `ui`'s own flags out of the words after `ui` (only before `--`: what follows is the server's command). */
export function parseUiFlags(argv: readonly string[]): UiFlags {
  const flags = { port: '0', host: '127.0.0.1', allowSpawn: false, open: true, help: false };
  const rest: string[] = [];
  for (let at = 0; at < argv.length; at += 1) {
    const [word = '', inline] = (argv[at] as string).split(/=(.*)/s, 2);
    if (word === '--') {
      rest.push(...argv.slice(at));
      break;
    }
    if (word === '--port' || word === '--host') {
      const value = inline ?? valueOf(argv, at, word);
      if (inline === undefined) at += 1;
      flags[word === '--port' ? 'port' : 'host'] = value;
    } else if (word === '--allow-spawn') flags.allowSpawn = true;
    else if (word === '--no-open') flags.open = false;
    else if (word === '--open') flags.open = true;
    else if (word === '-h' || word === '--help') flags.help = true;
    else rest.push(argv[at] as string);
  }
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65534) throw new UsageError(`--port ${flags.port} is not a port (0 to 65534; 0 picks a free one)`);
  if (!isLoopbackHost(flags.host)) {
    throw new UsageError(`--host ${flags.host} refused: rxmcp ui listens on 127.0.0.1 only (it runs commands for the page; another machine must never reach it)`);
  }
  return { ...flags, port, rest };
}

function placeOf(io: CliIo): Place {
  const env = io.env ?? {};
  return { env, cwd: io.cwd ?? process.cwd(), home: io.home ?? homeOf(env), platform: io.platform ?? process.platform };
}

function openBrowser(url: string, io: CliIo, place: Place): void {
  if (io.openUrl !== undefined) return void Promise.resolve(io.openUrl(url)).catch(() => undefined);
  const [command, args] = openerCommand(url, place.env, place.platform);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // The URL is printed; the user can open it by hand.
  }
}

const stopped = (signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => (signal === undefined ? undefined : signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));

async function serve(flags: UiFlags, io: CliIo, out: Output): Promise<UiServer> {
  const command = parseCommand(flags.rest);
  const place = placeOf(io);
  const target: ResolvedTarget | undefined = command.target.kind === 'none' ? undefined : await resolveTarget(command, place);
  const pageDir = defaultPageDir();
  if (pageDir === undefined) throw new UsageError('The page of rxmcp ui is not built (no dist/ui): run npm run build');
  const built = await buildCatalog(target, place, command.options.inheritEnv);
  const catalog = target === undefined || isCommandTarget(target) ? built : withFirstEra(built, await probeEra(target));
  const server = await startUiServer({
    port: flags.port, pageDir, catalog, allowSpawn: flags.allowSpawn, inheritEnv: command.options.inheritEnv,
    log: (line) => out.note(out.errStyle('dim', `rxmcp ui: ${line}`)),
  });
  const url = server.pageUrl(target === undefined ? undefined : server.presets[0]?.url);
  out.line(url);
  out.note(out.errStyle('dim', `rxmcp ui: ${server.presets.length} server(s) in the catalog; the sandbox for MCP Apps is ${server.sandboxOrigin}. Ctrl-C stops.`));
  if (flags.open) openBrowser(url, io, place);
  return server;
}

/**
 * Runs `rxmcp ui …` until `io.signal` aborts (Ctrl-C, SIGTERM), then ends every spawned server and both ports.
 * Resolves with the exit code (0 after a clean stop, 1 for a usage error or a port in use).
 */
export async function runUiCommand(argv: readonly string[], io: CliIo, stdout: CliStream, stderr: CliStream): Promise<number> {
  const out = createOutput(stdout, stderr, io.env ?? {}, false);
  try {
    const flags = parseUiFlags(argv.slice(1));
    if (flags.help) {
      out.line(UI_USAGE.trimEnd());
      return EXIT.ok;
    }
    const server = await serve(flags, io, out);
    await stopped(io.signal);
    await server.close();
    out.note(out.errStyle('dim', 'rxmcp ui: stopped'));
    return EXIT.ok;
  } catch (error) {
    return out.fail(describeFailure(error, { phase: 'setup' }));
  }
}
