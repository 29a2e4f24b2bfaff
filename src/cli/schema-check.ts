// The part of JSON Schema that tool input schemas use in practice: types (and unions), enum and const, required,
// properties, additionalProperties: false, items, number bounds, local $refs, anyOf/oneOf. Enough to name a bad
// argument and what it should be before a call is sent; the server still validates everything.
import { ArgumentError } from './errors.js';

/** A JSON Schema (or a part of one). */
export type Schema = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`) against the root schema; others are left alone. */
export function deref(schema: Schema | undefined, root: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current !== undefined && typeof current['$ref'] === 'string' && hops < 10; hops++) {
    const path = (current['$ref'] as string).replace(/^#\/?/, '').split('/').filter((part) => part !== '');
    let target: unknown = root;
    for (const part of path) target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = isObject(target) ? target : undefined;
  }
  return current;
}

/** The JSON type of a value, as JSON Schema names it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The alternatives of a schema (`anyOf`/`oneOf` members), or the schema itself. */
export function branches(schema: Schema, root: Schema | undefined): Schema[] {
  const members = schema['anyOf'] ?? schema['oneOf'];
  if (!Array.isArray(members)) return [schema];
  return members.flatMap((member) => {
    const resolved = deref(isObject(member) ? member : undefined, root);
    return resolved === undefined ? [] : branches(resolved, root);
  });
}

/** The types a schema allows (`type`, or the types of `enum`/`const`); empty when it does not say. */
export function typesOf(schema: Schema, root: Schema | undefined): string[] {
  const types = new Set<string>();
  for (const branch of branches(schema, root)) {
    const declared = branch['type'];
    if (typeof declared === 'string') {
      types.add(declared);
    } else if (Array.isArray(declared)) {
      for (const type of declared) if (typeof type === 'string') types.add(type);
    } else if (Array.isArray(branch['enum'])) {
      for (const item of branch['enum']) types.add(jsonType(item) === 'integer' ? 'number' : jsonType(item));
    } else if ('const' in branch) {
      types.add(jsonType(branch['const']) === 'integer' ? 'number' : jsonType(branch['const']));
    }
  }
  return [...types];
}

const fits = (type: string, value: unknown): boolean => {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** What a schema expects, for people: `integer`, `string or null`, `one of "a", "b"`. */
export function describeSchema(schema: Schema, root: Schema | undefined): string {
  const choices = branches(schema, root).flatMap((branch) => (Array.isArray(branch['enum']) ? branch['enum'] : 'const' in branch ? [branch['const']] : []));
  if (choices.length > 0) return `one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
  const types = typesOf(schema, root);
  return types.length === 0 ? 'any value' : types.join(' or ');
}

function fail(path: string, schema: Schema, root: Schema | undefined, value: unknown, why?: string): never {
  const expected = describeSchema(schema, root);
  const got = value === undefined ? 'nothing' : `${JSON.stringify(value)} (${jsonType(value)})`;
  throw new ArgumentError(path, expected, `Argument "${path}" ${why ?? `must be ${expected}`}, got ${got}`);
}

function checkNumber(path: string, schema: Schema, root: Schema | undefined, value: number): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, unknown>;
  if (typeof minimum === 'number' && value < minimum) fail(path, schema, root, value, `must be at least ${minimum}`);
  if (typeof maximum === 'number' && value > maximum) fail(path, schema, root, value, `must be at most ${maximum}`);
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) fail(path, schema, root, value, `must be more than ${exclusiveMinimum}`);
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) fail(path, schema, root, value, `must be less than ${exclusiveMaximum}`);
}

function checkObject(path: string, schema: Schema, root: Schema | undefined, value: Record<string, unknown>): void {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  for (const name of required) {
    if (typeof name === 'string' && !(name in value)) {
      const property = deref(isObject(properties[name]) ? properties[name] : undefined, root) ?? {};
      const at = path === '' ? name : `${path}.${name}`;
      throw new ArgumentError(at, describeSchema(property, root), `Argument "${at}" (${describeSchema(property, root)}) is required`);
    }
  }
  for (const [name, item] of Object.entries(value)) {
    const at = path === '' ? name : `${path}.${name}`;
    const property = deref(isObject(properties[name]) ? properties[name] : undefined, root);
    if (property !== undefined) checkValue(at, property, root, item);
    else if (schema['additionalProperties'] === false) {
      const known = Object.keys(properties);
      throw new ArgumentError(at, 'no such property', `Argument "${at}" is not a parameter${known.length === 0 ? ' (the tool takes none)' : ` (the parameters are ${known.join(', ')})`}`);
    }
  }
}

function checkBranch(path: string, schema: Schema, root: Schema | undefined, value: unknown): void {
  const types = typesOf(schema, root);
  if (types.length > 0 && !types.some((type) => fits(type, value))) fail(path, schema, root, value);
  if (Array.isArray(schema['enum']) && !schema['enum'].some((choice) => JSON.stringify(choice) === JSON.stringify(value))) fail(path, schema, root, value);
  if ('const' in schema && JSON.stringify(schema['const']) !== JSON.stringify(value)) fail(path, schema, root, value);
  if (typeof value === 'number') checkNumber(path, schema, root, value);
  if (isObject(value)) checkObject(path, schema, root, value);
  const items = deref(isObject(schema['items']) ? schema['items'] : undefined, root);
  if (Array.isArray(value) && items !== undefined) value.forEach((item, index) => checkValue(`${path}[${index}]`, items, root, item));
}

/** Checks a value against a schema; errors with an `ArgumentError` naming the property and what it expects. */
export function checkValue(path: string, schema: Schema, root: Schema | undefined, value: unknown): void {
  const alternatives = branches(schema, root);
  if (alternatives.length <= 1) return checkBranch(path, alternatives[0] ?? schema, root, value);
  const errors: unknown[] = [];
  for (const branch of alternatives) {
    try {
      return checkBranch(path, { ...schema, ...branch, anyOf: undefined, oneOf: undefined }, root, value);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) fail(path, schema, root, value);
}
