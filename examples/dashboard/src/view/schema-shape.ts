/** A JSON Schema as the form reads it (the subset that decides which input to show). */
export interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly enumNames?: readonly string[];
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly const?: unknown;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly format?: string;
  readonly nullable?: boolean;
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, Schema>>;
  readonly definitions?: Readonly<Record<string, Schema>>;
}

/** Which input a schema gets; `json` is the raw fallback for what a form cannot express. */
export type Kind = 'object' | 'array' | 'enum' | 'string' | 'number' | 'integer' | 'boolean' | 'json';

/** A schema classified for the form. */
export interface Shape {
  readonly kind: Kind;
  readonly schema: Schema;
  /** `null` is allowed beside the kind (`type: [x, "null"]`, `anyOf` with `{ type: "null" }`, `nullable`). */
  readonly nullable: boolean;
  /** Enum values and their labels. */
  readonly options?: readonly unknown[];
  readonly labels?: readonly string[];
}

const MAX_DEPTH = 6;

function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (ref === undefined) return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const defs = match?.[1] === '$defs' ? root.$defs : root.definitions;
  const target = match === null ? undefined : defs?.[decodeURIComponent(match[2] as string)];
  return target === undefined ? { description: `unresolved $ref ${ref}` } : { ...target, ...schema, $ref: undefined };
}

const isNull = (schema: Schema): boolean => schema.type === 'null';

/** `schema` without its `null` alternative, and whether it had one. */
function stripNull(schema: Schema): { readonly schema: Schema; readonly nullable: boolean } {
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((type) => type !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (list !== undefined && list.length === 2 && list.some(isNull)) {
      const other = list.find((entry) => !isNull(entry)) as Schema;
      const { [key]: _, ...rest } = schema;
      return { schema: { ...rest, ...other }, nullable: true };
    }
  }
  return { schema, nullable: schema.nullable === true };
}

function enumShape(schema: Schema, nullable: boolean): Shape | undefined {
  if (schema.enum !== undefined) {
    return { kind: 'enum', schema, nullable, options: schema.enum, labels: schema.enum.map((value, i) => schema.enumNames?.[i] ?? String(value)) };
  }
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices !== undefined && choices.length > 0 && choices.every((choice) => 'const' in choice)) {
    return { kind: 'enum', schema, nullable, options: choices.map((c) => c.const), labels: choices.map((c) => c.title ?? String(c.const)) };
  }
  return undefined;
}

/** Classifies `schema` (local `$ref`s resolved against `root`); deep or recursive schemas fall back to raw JSON. */
export function shapeOf(input: Schema, root: Schema, depth = 0): Shape {
  const { schema, nullable } = stripNull(resolve(input, root));
  const choice = enumShape(schema, nullable);
  if (choice !== undefined) return choice;
  if (depth > MAX_DEPTH || schema.oneOf !== undefined || schema.anyOf !== undefined) return { kind: 'json', schema, nullable: false };
  const type = Array.isArray(schema.type) ? undefined : (schema.type as string | undefined) ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return schema.properties !== undefined ? { kind: 'object', schema, nullable } : { kind: 'json', schema, nullable: false };
    case 'array':
      return schema.items !== undefined && shapeOf(schema.items, root, depth + 1).kind !== 'json' ? { kind: 'array', schema, nullable } : { kind: 'json', schema, nullable: false };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { kind: type, schema, nullable };
    default:
      return { kind: 'json', schema, nullable: false };
  }
}

/** The shape of a property of an object shape. */
export const propertyShape = (shape: Shape, name: string, root: Schema, depth: number): Shape =>
  shapeOf(shape.schema.properties?.[name] ?? {}, root, depth + 1);

/** The shape of an array shape's items. */
export const itemShape = (shape: Shape, root: Schema, depth: number): Shape => shapeOf(shape.schema.items ?? {}, root, depth + 1);
