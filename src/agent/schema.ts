// Tool input schemas as providers accept them. MCP keeps schemas verbatim (any JSON Schema 2020-12 object); model
// providers are stricter: a no-argument tool must still say `type: "object"` with `properties`, `$schema` is refused
// by some, `$ref` by others, and OpenAI's strict mode holds only for schemas that already meet its rules. Network
// `$ref`s are never fetched.
import type { JsonSchema } from '../protocol/model/tools.js';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonRecord = { readonly [key: string]: Json };

/** A provider-ready input schema and what was found on the way. */
export interface NormalizedSchema {
  /** The schema as the provider takes it: an object schema with `properties`, no `$schema`, local `$ref`s resolved. */
  readonly schema: Readonly<Record<string, unknown>>;
  /** The schema meets OpenAI strict mode: every property required, `additionalProperties: false`, no `format`. */
  readonly strict: boolean;
  /** `$ref`s that are not local (`#...`): replaced by an unconstrained schema, never fetched. */
  readonly unresolvedRefs: readonly string[];
  /**
   * A local `$ref` refers to itself (directly or not), or inlining the refs would make the schema larger than
   * `MAX_INLINED_SCHEMA_NODES` or deeper than `MAX_SCHEMA_DEPTH`: the refs and their definitions are kept as they are.
   */
  readonly recursive: boolean;
  /**
   * Why no provider should be given this schema (it nests deeper than `MAX_SCHEMA_DEPTH` levels): the adapters leave
   * such a tool out with a diagnostic. `undefined` for a usable schema.
   */
  readonly unusable?: string;
}

/** The deepest nesting of a tool's input schema a provider is given (deeper ones make the tool unusable). */
export const MAX_SCHEMA_DEPTH = 64;
/** The largest schema (in object nodes) that inlining local `$ref`s may produce; past it the refs are kept. */
export const MAX_INLINED_SCHEMA_NODES = 10_000;

/** Thrown inside a walk to stop it: the schema is too deep, or inlining it grows too large. */
class WalkLimit {
  constructor(readonly reason: 'depth' | 'size') {}
}

/** Options of {@link normalizeInputSchema}. */
export interface SchemaOptions {
  /** Replace local `$ref`s by what they point to (default true; recursive refs are kept). */
  readonly dereference?: boolean;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = [
  'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties',
  'unevaluatedItems', 'additionalItems',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies `visit` to every subschema of `node` (one level), rebuilding the node; data keywords are copied. */
function mapChildren(node: JsonRecord, visit: (child: Json) => Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.includes(key) && isRecord(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    else if (SCHEMA_VALUES.includes(key) && (isRecord(value) || Array.isArray(value))) out[key] = Array.isArray(value) ? value.map(visit) : visit(value);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(visit);
    else out[key] = value;
  }
  return out;
}

function pointer(root: JsonRecord, ref: string): Json | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[part] : Array.isArray(node) ? node[Number(part)] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

interface Walk {
  readonly root: JsonRecord;
  readonly dereference: boolean;
  readonly unresolved: string[];
  recursive: boolean;
  /** Object nodes built so far (inlined refs count every time they are inlined). */
  nodes: number;
}

/**
 * A server's schema is untrusted input: nesting is bounded (no stack overflow) and so is what inlining produces
 * (definitions that refer twice to the next would otherwise grow as 2^n).
 */
function resolveRefs(walk: Walk, node: Json, active: readonly string[], depth = 0): Json {
  if (Array.isArray(node)) {
    if (depth > MAX_SCHEMA_DEPTH) throw new WalkLimit('depth');
    return node;
  }
  if (!isRecord(node)) return node;
  if (depth > MAX_SCHEMA_DEPTH) throw new WalkLimit('depth');
  walk.nodes += 1;
  if (walk.nodes > MAX_INLINED_SCHEMA_NODES && walk.dereference) throw new WalkLimit('size');
  const deeper = (child: Json): Json => resolveRefs(walk, child, active, depth + 1);
  const { $schema: _dropped, ...rest } = node;
  const ref = rest['$ref'];
  if (typeof ref === 'string') {
    const { $ref: _ref, ...siblings } = rest;
    if (!ref.startsWith('#')) {
      walk.unresolved.push(ref);
      return resolveRefs(walk, siblings, active, depth);
    }
    if (!walk.dereference) return mapChildren(rest, deeper);
    const target = pointer(walk.root, ref);
    if (active.includes(ref)) {
      walk.recursive = true;
      return mapChildren(rest, deeper);
    }
    if (target === undefined) {
      walk.unresolved.push(ref);
      return resolveRefs(walk, siblings, active, depth);
    }
    const resolved = resolveRefs(walk, target, [...active, ref], depth + 1);
    return isRecord(resolved) ? { ...resolved, ...(resolveRefs(walk, siblings, active, depth) as JsonRecord) } : resolved;
  }
  return mapChildren(rest, deeper);
}

function isObjectSchema(node: JsonRecord): boolean {
  const type = node['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (type === undefined && isRecord(node['properties']));
}

/** Whether `node` and every subschema meet OpenAI strict mode. */
function strictNode(node: Json): boolean {
  if (!isRecord(node)) return true;
  if ('format' in node) return false;
  if (isObjectSchema(node)) {
    if (node['additionalProperties'] !== false) return false;
    const properties = isRecord(node['properties']) ? Object.keys(node['properties']) : [];
    const required = Array.isArray(node['required']) ? node['required'] : [];
    if (!properties.every((name) => required.includes(name))) return false;
  }
  let ok = true;
  mapChildren(node, (child) => {
    ok &&= strictNode(child);
    return child;
  });
  return ok;
}

function unusableSchema(reason: string): NormalizedSchema {
  return { schema: { type: 'object', properties: {} }, strict: false, unresolvedRefs: [], recursive: false, unusable: reason };
}

/**
 * Prepares a tool's input schema for a model provider: drops `$schema`, makes the root `type: "object"` with
 * `properties` (so a no-argument tool is `{ type: "object", properties: {} }`), replaces local `$ref`s by their
 * targets and drops the definitions they came from (unless a ref is recursive), replaces non-local `$ref`s by an
 * unconstrained schema without fetching anything, and tells whether the result meets OpenAI strict mode. A schema
 * nested deeper than `MAX_SCHEMA_DEPTH` is `unusable`; one whose inlined form would pass `MAX_INLINED_SCHEMA_NODES`
 * nodes or that depth keeps its refs.
 */
export function normalizeInputSchema(input: JsonSchema | undefined, options: SchemaOptions = {}): NormalizedSchema {
  const source = (isRecord(input) ? input : {}) as JsonRecord;
  const dereference = options.dereference ?? true;
  let walk: Walk = { root: source, dereference, unresolved: [], recursive: false, nodes: 0 };
  let resolved: Record<string, Json>;
  try {
    resolved = resolveRefs(walk, source, []) as Record<string, Json>;
  } catch (limit) {
    if (!(limit instanceof WalkLimit)) throw limit;
    // Inlining would grow too large or too deep: keep the refs and their definitions, as for a recursive schema.
    // Only a schema that is too deep as it stands is unusable.
    walk = { root: source, dereference: false, unresolved: [], recursive: true, nodes: 0 };
    try {
      resolved = resolveRefs(walk, source, []) as Record<string, Json>;
    } catch (again) {
      if (!(again instanceof WalkLimit)) throw again;
      return unusableSchema(`its input schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
    }
  }
  if (walk.dereference && !walk.recursive) {
    delete resolved['$defs'];
    delete resolved['definitions'];
  }
  const schema: Record<string, Json> = { ...resolved, type: 'object' };
  if (!isRecord(schema['properties'])) schema['properties'] = {};
  return { schema, strict: strictNode(schema), unresolvedRefs: walk.unresolved, recursive: walk.recursive };
}
