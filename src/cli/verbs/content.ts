import type { CompleteRequestParams, Prompt } from '../../index.js';
import { parsePairs } from '../coerce.js';
import type { Connection } from '../connection.js';
import { ArgumentError, NotFoundError, UsageError } from '../errors.js';
import { EXIT } from '../failure.js';
import { completeText, promptText, readText } from '../render.js';
import { firstUnlessInterrupted, type Run } from '../run-context.js';
import { listing } from './catalog.js';
import { forRevision } from './shape.js';

function print(run: Run, connection: Connection, value: unknown, lines: () => string[]): number {
  if (run.out.json) run.out.value(forRevision(connection.server(), value));
  else for (const line of lines()) run.out.line(line);
  return EXIT.ok;
}

/** `read <uri>`: a resource's contents (text as it is, binary as a note of its size). */
export async function readVerb(run: Run, connection: Connection): Promise<number> {
  const [uri, ...extra] = run.command.operands;
  if (uri === undefined || extra.length > 0) throw new UsageError('read takes one URI: rxmcp <target> read <uri>');
  const result = await firstUnlessInterrupted(run, connection.client.readResource(uri));
  return print(run, connection, result, () => readText(result, run.out.style));
}

/** `k=v` operands as prompt arguments (always strings), checked against the prompt's declared arguments. */
function promptArguments(prompt: Prompt | undefined, operands: readonly string[]): Record<string, string> {
  const args = Object.fromEntries(parsePairs(operands).map((pair) => [pair.key, pair.value]));
  if (prompt === undefined) return args;
  const declared = prompt.arguments ?? [];
  for (const name of Object.keys(args)) {
    if (!declared.some((arg) => arg.name === name)) {
      throw new ArgumentError(name, 'no such argument', `Prompt argument "${name}" is not one of ${declared.length === 0 ? 'its arguments (it takes none)' : declared.map((arg) => arg.name).join(', ')}`);
    }
  }
  const missing = declared.find((arg) => arg.required === true && !(arg.name in args));
  if (missing !== undefined) throw new ArgumentError(missing.name, 'string', `Prompt argument "${missing.name}" (string) is required`);
  return args;
}

/** `prompt <name> [k=v …]`: the prompt's messages. */
export async function promptVerb(run: Run, connection: Connection): Promise<number> {
  const [name, ...rest] = run.command.operands;
  if (name === undefined) throw new UsageError('prompt needs a name: rxmcp <target> prompt <name> [key=value …]');
  const prompts = (await listing(run, connection, 'prompts'))['prompts'] as Prompt[];
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (prompt === undefined) throw new NotFoundError('prompt', name, prompts.map((candidate) => candidate.name));
  const result = await firstUnlessInterrupted(run, connection.client.getPrompt(name, promptArguments(prompt, rest)));
  return print(run, connection, result, () => promptText(result, run.out.style));
}

function reference(word: string): CompleteRequestParams['ref'] {
  const match = /^(?:ref\/)?(prompt|resource):(.+)$/.exec(word);
  if (match?.[2] === undefined) throw new UsageError(`complete takes prompt:<name> or resource:<uri template>, not ${JSON.stringify(word)}`);
  return match[1] === 'prompt' ? { type: 'ref/prompt', name: match[2] } : { type: 'ref/resource', uri: match[2] };
}

/** `complete prompt:<name>|resource:<template> <arg>=<partial> [k=v …]`: completion values for one argument. */
export async function completeVerb(run: Run, connection: Connection): Promise<number> {
  const [ref, argument, ...context] = run.command.operands;
  if (ref === undefined || argument === undefined) {
    throw new UsageError('complete needs a reference and an argument: rxmcp <target> complete prompt:<name> <argument>=<partial> [other=value …]');
  }
  const [pair] = parsePairs([argument]);
  const known = Object.fromEntries(parsePairs(context).map((item) => [item.key, item.value]));
  const params: CompleteRequestParams = {
    ref: reference(ref),
    argument: { name: pair?.key ?? '', value: pair?.value ?? '' },
    ...(context.length === 0 ? {} : { context: { arguments: known } }),
  };
  const result = await firstUnlessInterrupted(run, connection.client.complete(params));
  return print(run, connection, result, () => completeText(result, run.out.style));
}
