import { ArgumentError, UsageError } from './errors.js';
import { checkValue, deref, describeSchema, typesOf, type Schema } from './schema-check.js';

/** One `key=value` (a text, typed by the schema) or `key:=json` (JSON as written) operand. */
export interface ArgumentPair {
  readonly key: string;
  readonly value: string;
  readonly json: boolean;
}

/** Splits `key=value` and `key:=json` operands; anything else is a usage error. */
export function parsePairs(operands: readonly string[]): ArgumentPair[] {
  return operands.map((operand) => {
    const match = /^([^=]+?)(:?)=(.*)$/s.exec(operand);
    if (match?.[1] === undefined || match[3] === undefined) throw new UsageError(`Arguments are key=value (or key:=json), not ${JSON.stringify(operand)}`);
    return { key: match[1], value: match[3], json: match[2] === ':' };
  });
}

const NOT_THIS_TYPE = Symbol('not this type');

function asType(type: string, text: string): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'integer':
      return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : NOT_THIS_TYPE;
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : NOT_THIS_TYPE;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : NOT_THIS_TYPE;
    case 'null':
      return trimmed === 'null' ? null : NOT_THIS_TYPE;
    case 'object':
    case 'array':
      try {
        const value = JSON.parse(trimmed) as unknown;
        return (type === 'array') === Array.isArray(value) && typeof value === 'object' && value !== null ? value : NOT_THIS_TYPE;
      } catch {
        return NOT_THIS_TYPE;
      }
    default:
      return NOT_THIS_TYPE;
  }
}

const TYPE_ORDER = ['null', 'boolean', 'integer', 'number', 'array', 'object'];

/**
 * Types one `key=value` text by the property's schema: a property that may be a string keeps the text as it is
 * (`zip=10001` stays "10001"); otherwise the text is read as the first type the schema allows that fits it.
 * Errors with `ArgumentError` naming the property and the expected type.
 */
export function coerceText(path: string, text: string, schema: Schema | undefined, root: Schema | undefined): unknown {
  if (schema === undefined) return text;
  const types = typesOf(schema, root);
  if (types.length === 0 || types.includes('string')) return text;
  for (const type of [...types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b))) {
    const value = asType(type, text);
    if (value !== NOT_THIS_TYPE) return value;
  }
  const items = deref(schema['items'] as Schema | undefined, root);
  if (types.includes('array') && !text.trim().startsWith('[')) return [coerceText(`${path}[0]`, text, items, root)];
  const expected = describeSchema(schema, root);
  throw new ArgumentError(path, expected, `Argument "${path}" must be ${expected}, got ${JSON.stringify(text)}`);
}

function parseJsonArgument(pair: ArgumentPair): unknown {
  try {
    return JSON.parse(pair.value);
  } catch (error) {
    throw new UsageError(`Argument "${pair.key}" (key:=json) is not JSON: ${(error as Error).message}`);
  }
}

function propertySchema(schema: Schema | undefined, key: string): Schema | undefined {
  const properties = schema?.['properties'] as Readonly<Record<string, Schema>> | undefined;
  return deref(properties?.[key], schema);
}

/**
 * A tool's arguments from a JSON object (`--tool-args-json`, stdin) and `key=value` pairs on top, typed by the tool's
 * input schema and checked against it (required properties, types, enums, bounds, unknown properties where the
 * schema forbids them). A key given twice for an array property collects the values. Errors with
 * `ArgumentError` before anything is sent.
 */
export function toolArguments(pairs: readonly ArgumentPair[], base: Readonly<Record<string, unknown>>, schema: Schema | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = { ...base };
  const repeated = new Set<string>();
  for (const pair of pairs) {
    const property = propertySchema(schema, pair.key);
    const value = pair.json ? parseJsonArgument(pair) : coerceText(pair.key, pair.value, property, schema);
    const collects = repeated.has(pair.key) && property !== undefined && typesOf(property, schema).includes('array');
    args[pair.key] = collects ? [...(args[pair.key] as unknown[]), ...(Array.isArray(value) ? value : [value])] : value;
    repeated.add(pair.key);
  }
  if (schema !== undefined) checkValue('', { type: 'object', ...schema }, schema, args);
  return args;
}

/** Parses `--tool-args-json` (or standard input): a JSON object. */
export function argumentsJson(text: string, from: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${from} is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${from} must be a JSON object of arguments`);
  return value as Record<string, unknown>;
}
