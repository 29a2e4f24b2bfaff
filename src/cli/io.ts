import type { WebSocketConstructor } from '../index.js';

/** Where the command line tool writes: `process.stdout`, or anything with `write` (and, for a terminal, `isTTY`). */
export interface CliStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  /** Width of the terminal, for progress bars. */
  readonly columns?: number;
}

/** Where the command line tool reads from: text given in full, or a stream (`process.stdin`). */
export type CliInput = string | (AsyncIterable<string | Uint8Array> & { readonly isTTY?: boolean });

/** The world of one `runCli` run; every member defaults to something harmless for tests, never to `process`. */
export interface CliIo {
  /** The environment (default: empty). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The working folder (default: `process.cwd()`). */
  readonly cwd?: string;
  /** Standard input: tool arguments as JSON (`-`), answers to prompts (default: none). */
  readonly stdin?: CliInput;
  /** Standard output; without one, output is collected into the result. */
  readonly stdout?: CliStream;
  /** Standard error; without one, it is collected into the result. */
  readonly stderr?: CliStream;
  /** Aborted on Ctrl-C: cancels the call in flight, ends a watch. */
  readonly signal?: AbortSignal;
  /**
   * Whether people answer prompts (elicitation forms): default, when standard input and standard error are
   * terminals.
   */
  readonly interactive?: boolean;
  /** Opens a URL for the user to sign in (default: `$BROWSER`, else the platform's opener on a terminal). */
  readonly openUrl?: (url: string) => void | Promise<void>;
  /** The WebSocket constructor for `--transport ws` where there is no global one (Node 20). */
  readonly WebSocket?: WebSocketConstructor;
  /** The user's home folder (default: `HOME`/`USERPROFILE` of `env`, else the system's). */
  readonly home?: string;
  /** The platform, for configuration locations (default: `process.platform`). */
  readonly platform?: NodeJS.Platform;
}

/** What one run did. */
export interface CliResult {
  readonly exitCode: number;
  /** What was written to standard output, when `io.stdout` was not given (else empty). */
  readonly stdout: string;
  /** What was written to standard error, when `io.stderr` was not given (else empty). */
  readonly stderr: string;
}

/** A stream that collects what is written to it. */
export interface CollectingStream extends CliStream {
  readonly text: () => string;
}

/** A `CliStream` that keeps everything written to it. */
export function collectingStream(): CollectingStream {
  const chunks: string[] = [];
  return { write: (chunk: string) => chunks.push(chunk), isTTY: false, text: () => chunks.join('') };
}

/** Reads all of an input as text. */
export async function readAll(input: CliInput | undefined): Promise<string> {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of input) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** True when colours may be written to `stream`: a terminal, and neither `NO_COLOR` nor `TERM=dumb` says otherwise. */
export function colourAllowed(stream: CliStream, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  if (env['FORCE_COLOR'] !== undefined && env['FORCE_COLOR'] !== '0') return true;
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}
