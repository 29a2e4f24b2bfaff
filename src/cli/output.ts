import { writeFileSync } from 'node:fs';
import { UsageError } from './errors.js';
import type { Failure } from './failure.js';
import { inspectorFailure, type WrittenFile } from './inspector.js';
import type { InspectorFormat } from './inspector-options.js';
import { colourAllowed, type CliStream } from './io.js';
import { styler, type Styler } from './style.js';

/** Where and how one run writes. */
export interface Output {
  /** `--json`: one JSON value on stdout, errors as one JSON line on stderr, no chatter. */
  readonly json: boolean;
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  /** Styles for stdout and stderr, each on only where that stream may have colours. */
  readonly style: Styler;
  readonly errStyle: Styler;
  /** stderr is a terminal: progress bars may be drawn there. */
  readonly errIsTerminal: boolean;
  /** A line on stdout. */
  line(text: string): void;
  /** A JSON value on stdout (the one result of `--json`), or an NDJSON line with `compact`. */
  value(value: unknown, compact?: boolean): void;
  /** A remark on stderr (logs, notices); nothing in `--json` mode. */
  note(text: string): void;
  /**
   * The error report on stderr: readable text, one JSON line in `--json` mode, the Inspector's envelope with
   * `--cli`/`--format`. Returns the exit code (the Inspector's with `--cli`/`--format`).
   */
  fail(failure: Failure): number;
}

/** How one run writes, beside `--json`. */
export interface OutputMode {
  /** `--cli` or `--format`: the official Inspector's output. */
  readonly inspector?: InspectorFormat | undefined;
  /** `-q`: no remarks on stderr. */
  readonly quiet?: boolean;
  /** `--output <file>`: the result goes into this file. */
  readonly output?: string | undefined;
}

function failureText(failure: Failure, style: Styler): string {
  const lines = [`${style(['red', 'bold'], 'rxmcp')} ${style('dim', `[${failure.step}]`)} ${failure.message}`];
  const stderr = failure.details?.['stderr'];
  if (Array.isArray(stderr) && stderr.length > 0) {
    lines.push(style('dim', '  server stderr (last lines):'), ...stderr.slice(-10).map((line) => style('dim', `  │ ${String(line)}`)));
  }
  if (failure.hint !== undefined) lines.push(`  ${style('yellow', 'hint:')} ${failure.hint}`);
  return `${lines.join('\n')}\n`;
}

function withoutUndefined(details: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (details === undefined) return undefined;
  const kept = Object.entries(details).filter(([, value]) => value !== undefined);
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** Writes the result into `--output`'s file (indented JSON, as the Inspector writes it). */
function writeResult(path: string, value: unknown): WrittenFile {
  const data = `${JSON.stringify(value, null, 2)}\n`;
  try {
    writeFileSync(path, data);
  } catch (error) {
    throw new UsageError(`Could not write --output file ${path}: ${(error as Error).message}`);
  }
  return { path, format: 'json', bytes: Buffer.byteLength(data) };
}

function failLine(failure: Failure, mode: OutputMode): { line: string; exitCode: number } {
  if (mode.inspector !== undefined) {
    const { exitCode, envelope } = inspectorFailure(failure);
    return { line: JSON.stringify({ error: envelope }), exitCode };
  }
  const { exitCode, step, message, hint } = failure;
  const details = withoutUndefined(failure.details);
  return { line: JSON.stringify({ error: { step, message, exitCode, ...(hint === undefined ? {} : { hint }), ...(details === undefined ? {} : { details }) } }), exitCode };
}

/**
 * The output of one run: `json` for `--json` (and `--format json`); `mode` for the Inspector's output, `-q` and
 * `--output`. With `--cli`, `--format` or `--output`, verbs give their result as a value.
 */
export function createOutput(stdout: CliStream, stderr: CliStream, env: Readonly<Record<string, string | undefined>>, json: boolean, mode: OutputMode = {}): Output {
  const style = styler(colourAllowed(stdout, env));
  const errStyle = styler(colourAllowed(stderr, env));
  const silent = json || mode.quiet === true;
  const note = (text: string): void => {
    if (!silent) stderr.write(`${text}\n`);
  };
  const shown = (value: unknown): string => (mode.inspector === 'json' ? JSON.stringify({ result: value }) : JSON.stringify(value, null, 2));
  return {
    json: json || mode.inspector !== undefined || mode.output !== undefined,
    stdout,
    stderr,
    style,
    errStyle,
    errIsTerminal: stderr.isTTY === true && env['TERM'] !== 'dumb',
    line: (text) => void stdout.write(`${text}\n`),
    value: (value, compact = false) => {
      if (compact) return void stdout.write(`${JSON.stringify(value)}\n`);
      if (mode.output === undefined) return void stdout.write(`${shown(value)}\n`);
      const written = writeResult(mode.output, value);
      if (mode.inspector === 'json') stdout.write(`${JSON.stringify({ output: written })}\n`);
      else if (!silent) stderr.write(`Wrote ${written.bytes} bytes (${written.format}) to ${written.path}\n`);
    },
    note,
    fail: (failure) => {
      if (!json && mode.inspector === undefined) {
        stderr.write(failureText(failure, errStyle));
        return failure.exitCode;
      }
      const { line, exitCode } = failLine(failure, mode);
      stderr.write(`${line}\n`);
      return exitCode;
    },
  };
}
