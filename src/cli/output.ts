import type { Failure } from './failure.js';
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
  /** The error report on stderr: readable text, or one JSON line in `--json` mode. */
  fail(failure: Failure): void;
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

/** The output of one run. */
export function createOutput(stdout: CliStream, stderr: CliStream, env: Readonly<Record<string, string | undefined>>, json: boolean): Output {
  const style = styler(colourAllowed(stdout, env));
  const errStyle = styler(colourAllowed(stderr, env));
  return {
    json,
    stdout,
    stderr,
    style,
    errStyle,
    errIsTerminal: stderr.isTTY === true && env['TERM'] !== 'dumb',
    line: (text) => void stdout.write(`${text}\n`),
    value: (value, compact = false) => void stdout.write(`${compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)}\n`),
    note: (text) => {
      if (!json) stderr.write(`${text}\n`);
    },
    fail: (failure) => {
      if (!json) return void stderr.write(failureText(failure, errStyle));
      const { exitCode, step, message, hint } = failure;
      const details = withoutUndefined(failure.details);
      stderr.write(`${JSON.stringify({ error: { step, message, exitCode, ...(hint === undefined ? {} : { hint }), ...(details === undefined ? {} : { details }) } })}\n`);
    },
  };
}
