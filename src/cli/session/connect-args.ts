// `rxmcp connect <name> [--idle <ms>] [options] <target…> [-- command…]`, understood.
import { parseCommand, type Command } from '../command.js';
import { UsageError } from '../errors.js';
import { sessionName } from './paths.js';

/** How long a session stays without commands before its daemon ends, by default: 30 minutes. */
export const DEFAULT_IDLE_MS = 30 * 60_000;

/** What `connect` was asked. */
export interface ConnectArgs {
  readonly name: string;
  readonly idleMs: number;
  /** The arguments after the name, without `--idle`: they name the target and the connection's options. */
  readonly rest: readonly string[];
  /** The target and options, as a command of the verb `info`. */
  readonly command: Command;
}

function idleOf(value: string | undefined): number {
  const ms = Number(value);
  if (value === undefined || !Number.isInteger(ms) || ms <= 0) throw new UsageError(`--idle takes a number of milliseconds, not ${value === undefined ? 'nothing' : `"${value}"`}`);
  return ms;
}

/** Takes `--idle <ms>` (or `--idle=<ms>`) out of the arguments before `--`. */
function takeIdle(args: readonly string[]): { idleMs: number; rest: string[] } {
  const rest: string[] = [];
  let idleMs = DEFAULT_IDLE_MS;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--') {
      rest.push(...args.slice(index));
      break;
    }
    if (arg === '--idle') idleMs = idleOf(args[(index += 1)]);
    else if (arg.startsWith('--idle=')) idleMs = idleOf(arg.slice('--idle='.length));
    else rest.push(arg);
  }
  return { idleMs, rest };
}

/** Reads the arguments of `connect` (after the word `connect`). Errors with `UsageError` or `SessionUsageError`. */
export function connectArgs(args: readonly string[]): ConnectArgs {
  const name = sessionName(args[0]);
  const { idleMs, rest } = takeIdle(args.slice(1));
  const dashes = rest.indexOf('--');
  const asInfo = dashes === -1 ? [...rest, 'info'] : [...rest.slice(0, dashes), 'info', ...rest.slice(dashes)];
  const command = parseCommand(asInfo);
  if (command.target.kind === 'none') throw new UsageError(`Name the server of session "${name}": rxmcp connect ${name} <URL | configured name | -- command …>`);
  return { name, idleMs, rest, command };
}
