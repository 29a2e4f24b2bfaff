// JSON Schema to a TypeScript type, for `rxmcp types`: the keywords of tool schemas, anything else `unknown`.
//
// Supported: `type` (one or a list; `integer` is `number`), `enum`, `const`, `properties` with `required`,
// `additionalProperties` (false, true or a schema; without it an object with properties is closed, so that a
// misspelt argument does not compile), `items` (a schema, or a list for tuples) and `prefixItems`,
// `anyOf` and `oneOf` (unions), `allOf` (an intersection), `$ref` to `#/$defs/…` or `#/definitions/…` of the same
// schema (inlined; a cycle becomes `unknown`), `nullable`, and `description` (a comment on a property). Keywords that
// only narrow a value (`format`, `minimum`, `pattern`, …) do not change the type.

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property name as TypeScript writes it: bare when it can be, else quoted. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A JSDoc comment for `text`, indented (`*\/` inside is broken up). */
function comment(text: string, indent: string): string {
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

const literal = (value: unknown): string => (value === null || ['string', 'number', 'boolean'].includes(typeof value) ? JSON.stringify(value) : 'unknown');

/** True when `type` has no `|` or `&` outside brackets and strings (so it needs no parentheses inside another type). */
function atomic(type: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < type.length; i++) {
    const char = type[i] as string;
    if (quote !== undefined) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (depth === 0 && (char === '|' || char === '&')) return false;
  }
  return true;
}

const grouped = (type: string): string => (atomic(type) ? type : `(${type})`);

/** Joins the types of a union or intersection, parenthesising compound members. */
function join(types: readonly string[], by: ' | ' | ' & '): string {
  const unique = [...new Set(types)];
  if (by === ' | ' && unique.includes('unknown')) return 'unknown';
  if (unique.length === 1) return unique[0] as string;
  return unique.map(grouped).join(by);
}

interface Context {
  readonly root: Schema;
  readonly seen: readonly string[];
  readonly indent: string;
}

function resolveRef(ref: string, context: Context): { schema: Schema; context: Context } | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const name = match?.[2]?.replace(/~1/g, '/').replace(/~0/g, '~');
  const defs = match === null ? undefined : context.root[match[1] as string];
  const target = isSchema(defs) && name !== undefined ? defs[name] : undefined;
  if (!isSchema(target) || context.seen.includes(ref)) return undefined;
  return { schema: target, context: { ...context, seen: [...context.seen, ref] } };
}

function objectType(schema: Schema, context: Context): string {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((key): key is string => typeof key === 'string') : []);
  const inner = `${context.indent}  `;
  const lines = Object.entries(properties).map(([key, value]) => {
    const doc = isSchema(value) && typeof value['description'] === 'string' ? comment(value['description'], inner) : '';
    const type = isSchema(value) ? typeOf(value, { ...context, indent: inner }) : value === false ? 'never' : 'unknown';
    return `${doc}${inner}${propertyName(key)}${required.has(key) ? '' : '?'}: ${type};\n`;
  });
  const extra = schema['additionalProperties'];
  if (extra !== false && (lines.length === 0 || extra === true || isSchema(extra))) {
    const valueType = isSchema(extra) && lines.length === 0 ? typeOf(extra, { ...context, indent: inner }) : 'unknown';
    lines.push(`${inner}[key: string]: ${valueType};\n`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('')}${context.indent}}`;
}

function arrayType(schema: Schema, context: Context): string {
  const tuple = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : undefined;
  if (tuple !== undefined) return `[${tuple.map((item) => (isSchema(item) ? typeOf(item, context) : 'unknown')).join(', ')}]`;
  const item = isSchema(schema['items']) ? typeOf(schema['items'], context) : 'unknown';
  return `${grouped(item)}[]`;
}

function ofType(name: unknown, schema: Schema, context: Context): string {
  switch (name) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return arrayType(schema, context);
    case 'object':
      return objectType(schema, context);
    default:
      return 'unknown';
  }
}

function baseType(schema: Schema, context: Context): string {
  if ('const' in schema) return literal(schema['const']);
  if (Array.isArray(schema['enum'])) return join(schema['enum'].map(literal), ' | ');
  if (Array.isArray(schema['type'])) return join(schema['type'].map((name) => ofType(name, schema, context)), ' | ');
  if (schema['type'] !== undefined) return ofType(schema['type'], schema, context);
  if (isSchema(schema['properties'])) return objectType(schema, context);
  if (isSchema(schema['items']) || Array.isArray(schema['prefixItems'])) return arrayType(schema, context);
  return 'unknown';
}

/** The TypeScript type of `schema` (its `$ref`s resolved against `root`, default the schema itself). */
export function typeOf(schema: Schema, context: Context = { root: schema, seen: [], indent: '' }): string {
  if (typeof schema['$ref'] === 'string') {
    const resolved = resolveRef(schema['$ref'], context);
    return resolved === undefined ? 'unknown' : typeOf(resolved.schema, resolved.context);
  }
  const parts: string[] = [];
  const hasOwn = schema['type'] !== undefined || 'const' in schema || schema['enum'] !== undefined || schema['properties'] !== undefined || schema['items'] !== undefined;
  if (hasOwn) parts.push(baseType(schema, context));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) parts.push(join(options.map((option) => (isSchema(option) ? typeOf(option, context) : 'unknown')), ' | '));
  }
  if (Array.isArray(schema['allOf'])) parts.push(join(schema['allOf'].map((part) => (isSchema(part) ? typeOf(part, context) : 'unknown')), ' & '));
  const known = parts.filter((part) => part !== 'unknown');
  const type = known.length === 0 ? 'unknown' : join(known, ' & ');
  return schema['nullable'] === true && type !== 'unknown' ? join([type, 'null'], ' | ') : type;
}

/** The type of a JSON Schema written as a declaration: `export type Name = …;`, with the schema's description. */
export function typeDeclaration(name: string, schema: Schema): string {
  const doc = typeof schema['description'] === 'string' ? comment(schema['description'], '') : '';
  return `${doc}export type ${name} = ${typeOf(schema)};\n`;
}
