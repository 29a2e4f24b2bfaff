import type { ElicitResult } from '../index.js';
import type { ElicitRequestFormParams, ElicitValue, PrimitiveSchemaDefinition } from '../protocol/index.js';
import type { LineReader } from './lines.js';
import type { Styler } from './style.js';

/** Where the form asks and reads. */
export interface FormIo {
  readonly lines: LineReader;
  /** Writes a prompt (stderr, so that stdout stays the result). */
  readonly write: (text: string) => void;
  readonly style: Styler;
  readonly signal: AbortSignal;
}

interface Choice {
  readonly value: string;
  readonly title: string;
}

type Field = PrimitiveSchemaDefinition & { readonly enum?: readonly string[]; readonly oneOf?: readonly { const: string; title: string }[]; readonly enumNames?: readonly string[] };

function choicesOf(field: Field): Choice[] | undefined {
  if (field.type === 'array') {
    const items = field.items;
    if (items.anyOf !== undefined) return items.anyOf.map((option) => ({ value: option.const, title: option.title }));
    return items.enum?.map((value) => ({ value, title: value }));
  }
  if (field.oneOf !== undefined) return field.oneOf.map((option) => ({ value: option.const, title: option.title }));
  return field.enum?.map((value, index) => ({ value, title: field.enumNames?.[index] ?? value }));
}

const NOT_VALID = Symbol('not valid');
type Parsed = ElicitValue | undefined | typeof NOT_VALID;

function pickChoices(text: string, choices: readonly Choice[], many: boolean): Parsed {
  const words = many ? text.split(',').map((word) => word.trim()).filter((word) => word !== '') : [text.trim()];
  const picked = words.map((word) => (/^\d+$/.test(word) ? choices[Number(word) - 1] : choices.find((choice) => choice.value === word || choice.title === word)));
  if (picked.some((choice) => choice === undefined)) return NOT_VALID;
  const values = picked.map((choice) => (choice as Choice).value);
  return many ? values : values[0];
}

/** Reads one answer; `undefined` means "left empty". */
function parseAnswer(text: string, field: Field): Parsed {
  if (text.trim() === '') return undefined;
  const choices = choicesOf(field);
  if (choices !== undefined) return pickChoices(text, choices, field.type === 'array');
  if (field.type === 'boolean') return /^(y|yes|true|1)$/i.test(text.trim()) ? true : /^(n|no|false|0)$/i.test(text.trim()) ? false : NOT_VALID;
  if (field.type === 'number' || field.type === 'integer') {
    const value = Number(text.trim());
    if (!Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value))) return NOT_VALID;
    if ((field.minimum !== undefined && value < field.minimum) || (field.maximum !== undefined && value > field.maximum)) return NOT_VALID;
    return value;
  }
  const { minLength, maxLength } = field as { minLength?: number; maxLength?: number };
  if ((minLength !== undefined && text.length < minLength) || (maxLength !== undefined && text.length > maxLength)) return NOT_VALID;
  return text;
}

function expectation(field: Field): string {
  if (field.type === 'boolean') return 'y/n';
  if (field.type === 'array') return 'numbers or values, separated by commas';
  if (choicesOf(field) !== undefined) return 'a number or a value';
  if (field.type === 'number' || field.type === 'integer') {
    const bounds = [field.minimum === undefined ? '' : `≥ ${field.minimum}`, field.maximum === undefined ? '' : `≤ ${field.maximum}`].filter((bound) => bound !== '');
    return `${field.type === 'integer' ? 'a whole number' : 'a number'}${bounds.length === 0 ? '' : ` ${bounds.join(', ')}`}`;
  }
  const format = (field as { format?: string }).format;
  return format === undefined ? 'text' : `text (${format})`;
}

function question(name: string, field: Field, required: boolean, io: FormIo): string {
  const label = field.title ?? name;
  const description = field.description === undefined ? '' : io.style('dim', ` (${field.description})`);
  const choices = choicesOf(field);
  const list = choices === undefined ? '' : `\n${choices.map((choice, index) => `    ${io.style('cyan', String(index + 1))}) ${choice.title}`).join('\n')}`;
  const fallback = field.default === undefined ? '' : io.style('dim', ` [${Array.isArray(field.default) ? field.default.join(',') : String(field.default)}]`);
  return `  ${io.style('bold', label)}${required ? io.style('red', '*') : ''}${description}${list}\n  ${io.style('dim', `${expectation(field)}`)}${fallback}: `;
}

async function askField(name: string, field: Field, required: boolean, io: FormIo): Promise<ElicitValue | undefined> {
  for (;;) {
    io.write(question(name, field, required, io));
    const text = await io.lines.next(io.signal);
    if (text === undefined) return field.default;
    const answer = parseAnswer(text, field);
    if (answer === undefined && field.default !== undefined) return field.default;
    if (answer === undefined && !required) return undefined;
    if (answer !== undefined && answer !== NOT_VALID) return answer;
    io.write(io.style('yellow', `  expected ${expectation(field)}${required ? ' (required)' : ''}\n`));
  }
}

async function askAction(params: ElicitRequestFormParams, io: FormIo): Promise<ElicitResult['action']> {
  io.write(`\n${io.style(['bold', 'magenta'], '? The server asks:')} ${params.message}\n`);
  for (;;) {
    io.write(`  ${io.style('dim', 'answer (Y)es, (n)o = decline, (c)ancel')} [Y]: `);
    const text = (await io.lines.next(io.signal))?.trim().toLowerCase();
    if (text === undefined || text === '' || text === 'y' || text === 'yes') return 'accept';
    if (text === 'n' || text === 'no' || text === 'decline') return 'decline';
    if (text === 'c' || text === 'cancel') return 'cancel';
  }
}

/**
 * Asks the user a form elicitation on a terminal: whether to answer at all, then each field by its schema (text,
 * numbers with bounds, yes/no, one or several of a list), re-asking until an answer fits; an empty answer takes the
 * field's default or leaves an optional field out. Prompts go to `io.write`; answers come from `io.lines`.
 */
export async function askForm(params: ElicitRequestFormParams, io: FormIo): Promise<ElicitResult> {
  const action = await askAction(params, io);
  if (action !== 'accept') return { action };
  const required = new Set(params.requestedSchema.required ?? []);
  const content: Record<string, ElicitValue> = {};
  for (const [name, field] of Object.entries(params.requestedSchema.properties)) {
    const answer = await askField(name, field as Field, required.has(name), io);
    if (answer !== undefined) content[name] = answer;
  }
  io.write(io.style('dim', '  sent\n'));
  return { action: 'accept', content };
}
