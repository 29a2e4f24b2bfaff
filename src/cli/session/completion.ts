// `rxmcp completion <bash|zsh|fish>` and the words its scripts ask for: `rxmcp completion words <kind> [session]`.
import { discoverConfigs } from '../../config/node/discover.js';
import { VERBS } from '../command.js';
import { EXIT } from '../failure.js';
import type { CliIo } from '../io.js';
import { OPTION_TABLE } from '../options.js';
import type { Output } from '../output.js';
import { completionScript, SHELLS, type Shell } from './completion-scripts.js';
import { SessionUsageError } from './errors.js';
import { sessionName, sessionsDir } from './paths.js';
import { placeOf } from './place.js';
import { probe, runningNames } from './probe.js';

/** The words of the tool itself beside the verbs of a server. */
export const SESSION_VERBS = ['connect', 'disconnect', 'sessions', 'completion'] as const;

const WORD_KINDS = ['verbs', 'options', 'targets', 'sessions', 'tools'] as const;

function options(): { long: string; short: string | undefined }[] {
  return Object.entries(OPTION_TABLE).map(([long, spec]) => ({ long, short: 'short' in spec ? spec.short : undefined }));
}

async function sessionTools(io: CliIo, name: string): Promise<string[]> {
  const dir = await sessionsDir(placeOf(io), false);
  if (dir === undefined) return [];
  const found = await probe(dir, sessionName(name), 2000);
  return found.kind === 'running' ? [...found.status.tools] : [];
}

async function words(kind: string, io: CliIo, session: string | undefined): Promise<string[]> {
  const place = placeOf(io);
  switch (kind) {
    case 'verbs':
      return [...VERBS, ...SESSION_VERBS];
    case 'options':
      return options().flatMap((option) => [`--${option.long}`, ...(option.short === undefined ? [] : [`-${option.short}`])]).concat('--idle');
    case 'targets': {
      const configured = await discoverConfigs(place).then((found) => found.servers.filter((entry) => !entry.shadowed).map((entry) => entry.entry.name), () => []);
      return [...configured, ...(await runningNames(await sessionsDir(place, false))).map((name) => `@${name}`)];
    }
    case 'sessions':
      return runningNames(await sessionsDir(place, false));
    default:
      return session === undefined ? [] : sessionTools(io, session);
  }
}

/** Runs `rxmcp completion <shell>` or `rxmcp completion words <kind> [session]`. */
export async function completionVerb(argv: readonly string[], io: CliIo, out: Output): Promise<number> {
  const [first, kind, session] = argv;
  if (first === 'words') {
    if (!(WORD_KINDS as readonly string[]).includes(kind ?? '')) throw new SessionUsageError(`completion words takes one of ${WORD_KINDS.join(', ')}`);
    for (const word of await words(kind as string, io, session)) out.line(word);
    return EXIT.ok;
  }
  if (!(SHELLS as readonly string[]).includes(first ?? '')) throw new SessionUsageError(`completion takes a shell: ${SHELLS.join(', ')}`);
  out.stdout.write(completionScript(first as Shell, options()));
  return EXIT.ok;
}
