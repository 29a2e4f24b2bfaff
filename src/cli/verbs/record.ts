import { createWriteStream, type WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Transport } from '../../index.js';
import { recordFrames } from '../../transport/record-frames.js';
import { parseCommand, type Command, type Verb } from '../command.js';
import type { Connection } from '../connection.js';
import { UsageError } from '../errors.js';
import { describeFailure, EXIT } from '../failure.js';
import type { Run } from '../run-context.js';
import { listing } from './catalog.js';

/** The verbs a recording script may use, one a line. */
const STEP_VERBS: ReadonlySet<Verb> = new Set<Verb>(['info', 'tools', 'resources', 'templates', 'prompts', 'call', 'read', 'prompt', 'complete', 'ping']);

/** The file a recording goes to, open for writing. */
export interface RecordingFile {
  /** The transport operator that writes into the file. */
  readonly wrap: (transport: Transport) => Transport;
  /** Flushes and closes the file. */
  readonly close: () => Promise<void>;
}

/** Opens `rxmcp record <file>`'s file (created or truncated, readable by the user only). */
export async function openRecording(run: Run): Promise<RecordingFile> {
  const file = run.command.operands[0];
  if (file === undefined) throw new UsageError('record needs a file: rxmcp record <file> <target>');
  const path = resolve(run.place.cwd, file);
  const stream: WriteStream = createWriteStream(path, { flags: 'w', mode: 0o600 });
  await new Promise<void>((done, fail) => {
    stream.once('open', () => done());
    stream.once('error', (error) => fail(new UsageError(`Cannot write the recording to ${path}: ${error.message}`, { cause: error })));
  });
  const wrap = recordFrames((line) => stream.write(line), { redact: run.command.options.redact });
  return { wrap, close: () => new Promise<void>((done) => stream.end(() => done())) };
}

/** Splits a script line into words: blanks separate, quotes ('…', "…") group, a backslash escapes. */
export function wordsOf(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quote === undefined && /\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (quote === undefined && (char === '"' || char === "'")) {
      quote = char;
      word ??= '';
    } else if (char === quote) {
      quote = undefined;
    } else if (char === '\\' && quote !== "'" && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote !== undefined) throw new UsageError(`Unclosed ${quote} in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The command of one script line, run with the options of `rxmcp record`. */
function stepOf(run: Run, line: string): Command | undefined {
  const words = wordsOf(line);
  if (words.length === 0 || words[0]?.startsWith('#') === true) return undefined;
  if (!STEP_VERBS.has(words[0] as Verb)) throw new UsageError(`"${words[0]}" cannot be a step of a recording: use one of ${[...STEP_VERBS].join(', ')}`);
  const step = parseCommand(words);
  return { ...run.command, verb: step.verb, operands: step.operands, argsJson: step.argsJson };
}

/** Lists what the server declares, so that a replay has the catalogs a client asks for first. */
async function discover(run: Run, connection: Connection): Promise<void> {
  const capabilities = (await connection.connect()).capabilities;
  if (capabilities.tools !== undefined) await listing(run, connection, 'tools');
  if (capabilities.prompts !== undefined) await listing(run, connection, 'prompts');
  if (capabilities.resources !== undefined) {
    await listing(run, connection, 'resources');
    await listing(run, connection, 'templates');
  }
}

/**
 * `record <file>`: connects (the negotiation is recorded), lists what the server declares, then runs the verbs of
 * standard input, one a line (`call echo message=hi`, `read <uri>`, ...), over that one connection until the input
 * ends or Ctrl-C. A step that fails is reported and the next one runs; the exit code is that of the first failure.
 */
export async function recordVerb(run: Run, connection: Connection, runStep: (step: Run) => Promise<number>): Promise<number> {
  await discover(run, connection);
  if (run.interactive) run.out.note(run.out.errStyle('dim', `Recording to ${run.command.operands[0]}: one verb a line (call <tool> k=v, read <uri>, …); Ctrl-D or Ctrl-C ends`));
  let exitCode: number = EXIT.ok;
  for (;;) {
    let line: string | undefined;
    try {
      line = await run.lines().next(run.signal);
    } catch {
      return exitCode; // Ctrl-C between steps ends the recording
    }
    if (line === undefined) return exitCode;
    let code: number;
    try {
      const step = stepOf(run, line);
      if (step === undefined) continue;
      code = await runStep({ ...run, command: step });
    } catch (error) {
      const failure = describeFailure(error, connection.context('request'));
      run.out.fail(failure);
      if (failure.exitCode === EXIT.interrupted) return failure.exitCode;
      code = failure.exitCode;
    }
    if (exitCode === EXIT.ok) exitCode = code;
  }
}
