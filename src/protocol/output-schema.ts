// Checking a tool result's `structuredContent` against the tool's `outputSchema` (2025-06-18 and later: servers
// MUST conform, clients SHOULD validate). The validator interprets schemas (no code generation, so it runs under a
// strict Content Security Policy) and is compiled once per tool definition object: a new listing brings new
// objects and so new compilations. Nothing is ever fetched: a `$ref` that leaves the schema makes it unusable.
import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { OutputSchemaError, type OutputSchemaIssue } from '../errors/output-schema-error.js';
import type { JsonSchema, Tool } from './model/tools.js';

/** What the client does when a result fails its tool's output schema: fail the call, report it, or not check. */
export type OutputValidation = 'error' | 'diagnostic' | 'off';

/** What the check reads of a tool result (a `CallToolResult` fits). */
export interface CheckedToolResult {
  /** The structured output checked against the tool's `outputSchema`. */
  readonly structuredContent?: unknown;
  /** A tool error: such a result carries no structured output to check. */
  readonly isError?: boolean;
  readonly [key: string]: unknown;
}

/** The dialects checked, by `$schema` (without a fragment); a schema without `$schema` is 2020-12. */
const DIALECTS: Readonly<Record<string, SchemaDraft>> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': '7',
  // Draft 6 is checked as draft 7, which only adds keywords (if/then/else, content*).
  'json-schema.org/draft-06/schema': '7',
  'json-schema.org/draft-04/schema': '4',
};

/** Bounds on what is compiled: schemas past them are refused rather than checked at an unknown cost. */
export const MAX_OUTPUT_SCHEMA_NODES = 10_000;
export const MAX_OUTPUT_SCHEMA_DEPTH = 128;

/** A compiled schema: the issues of a value, or why the schema cannot be used. */
type Compiled = { readonly check: (value: unknown) => readonly OutputSchemaIssue[] } | { readonly unusable: string; readonly cause?: unknown };

const compiled = new WeakMap<Tool, Compiled>();

/** The validator's dialect for a `$schema` value; `undefined` for one it does not support. */
export function schemaDialect(uri: unknown): SchemaDraft | undefined {
  if (uri === undefined) return '2020-12';
  if (typeof uri !== 'string') return undefined;
  return DIALECTS[uri.replace(/^https?:\/\//, '').replace(/#$/, '')];
}

/** Nodes and depth of a JSON value, stopping as soon as a bound is crossed. */
function withinBounds(value: unknown): boolean {
  let nodes = 0;
  const visit = (node: unknown, depth: number): boolean => {
    if (typeof node !== 'object' || node === null) return true;
    nodes += 1;
    if (nodes > MAX_OUTPUT_SCHEMA_NODES || depth > MAX_OUTPUT_SCHEMA_DEPTH) return false;
    return Object.values(node).every((child) => visit(child, depth + 1));
  };
  return visit(value, 0);
}

/** The first `$ref` the validator could not resolve within the schema, as written. */
function unresolvedRef(node: unknown, lookup: Readonly<Record<string, unknown>>): { ref: string; absolute: string } | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const absolute = (node as Schema).__absolute_ref__;
  if (typeof absolute === 'string' && lookup[absolute] === undefined) return { ref: String((node as Schema).$ref), absolute };
  for (const child of Object.values(node)) {
    const found = unresolvedRef(child, lookup);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The validator knows `$recursiveRef` (2019-09) but not 2020-12's `$dynamicRef`: in the copy, `$dynamicAnchor`
 * becomes `$anchor` and `$dynamicRef` becomes `$ref`. Within one schema document that is the same target unless an
 * embedded resource declares the anchor again, which tool schemas do not need.
 */
function staticAnchors(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (typeof schema['$dynamicAnchor'] === 'string' && schema['$anchor'] === undefined) schema['$anchor'] = schema['$dynamicAnchor'];
  if (typeof schema['$dynamicRef'] === 'string' && schema['$ref'] === undefined) schema['$ref'] = schema['$dynamicRef'];
  Object.values(schema).forEach(staticAnchors);
}

function refProblem(found: { ref: string; absolute: string }, lookup: Readonly<Record<string, unknown>>): string {
  const document = found.absolute.split('#')[0];
  const local = Object.keys(lookup).some((uri) => uri.split('#')[0] === document);
  return local
    ? `its $ref "${found.ref}" points to nothing in the schema`
    : `its $ref "${found.ref}" points to another document, which is never fetched`;
}

const pointer = (location: string): string => {
  const fragment = location.startsWith('#') ? location.slice(1) : location;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
};

/** Keywords whose failure is reported again, in detail, by the errors that follow it. */
const CONTAINERS = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies',
  'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'contains', '$ref', '$recursiveRef', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else',
]);

/** The validator's output units without the summaries of a container keyword followed by its details. */
function issuesOf(units: readonly OutputUnit[]): OutputSchemaIssue[] {
  return units.flatMap((unit, index): OutputSchemaIssue[] => {
    const next = units[index + 1];
    if (CONTAINERS.has(unit.keyword) && next !== undefined && next.instanceLocation.startsWith(unit.instanceLocation)) return [];
    return [{ path: pointer(unit.instanceLocation), schemaPath: pointer(unit.keywordLocation), keyword: unit.keyword, message: unit.error }];
  });
}

function compile(schema: JsonSchema | undefined): Compiled {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { unusable: 'it is not a JSON Schema object' };
  const dialect = schemaDialect(schema.$schema);
  if (dialect === undefined) return { unusable: `its $schema ${JSON.stringify(schema.$schema)} names a dialect that is not supported (2020-12, 2019-09, draft-07, draft-06, draft-04 are)` };
  if (!withinBounds(schema)) return { unusable: `it is larger than ${MAX_OUTPUT_SCHEMA_NODES} nodes or deeper than ${MAX_OUTPUT_SCHEMA_DEPTH} levels` };
  const copy = structuredClone(schema) as Schema; // the validator annotates what it is given
  if (dialect === '2020-12') staticAnchors(copy);
  let lookup: Record<string, Schema | boolean>;
  try {
    lookup = dereference(copy);
  } catch (cause) {
    return { unusable: `it cannot be compiled: ${(cause as Error).message}`, cause };
  }
  const ref = unresolvedRef(copy, lookup);
  if (ref !== undefined) return { unusable: refProblem(ref, lookup) };
  return { check: (value) => issuesOf(validate(value, copy, dialect, lookup, false).errors) };
}

function compiledFor(tool: Tool): Compiled {
  let entry = compiled.get(tool);
  if (entry === undefined) {
    entry = compile(tool.outputSchema);
    compiled.set(tool, entry);
  }
  return entry;
}

function describe(issue: OutputSchemaIssue): string {
  return `${issue.path === '' ? 'at the top level' : `at ${issue.path}`}: ${issue.message}`;
}

function failure(tool: Tool, result: CheckedToolResult, compiledSchema: Compiled): OutputSchemaError | undefined {
  const name = tool.name;
  if ('unusable' in compiledSchema) {
    const message = `Tool "${name}" declares an outputSchema that cannot be checked: ${compiledSchema.unusable}`;
    return new OutputSchemaError(message, { tool: name, reason: 'unusable-schema', result, cause: compiledSchema.cause });
  }
  if (result.structuredContent === undefined) {
    return new OutputSchemaError(`Tool "${name}" declares an outputSchema but its result has no structuredContent`, { tool: name, reason: 'missing', result });
  }
  let issues: readonly OutputSchemaIssue[];
  try {
    issues = compiledSchema.check(result.structuredContent);
  } catch (cause) {
    const message = `Tool "${name}" declares an outputSchema that cannot be checked: ${(cause as Error).message}`;
    return new OutputSchemaError(message, { tool: name, reason: 'unusable-schema', result, cause });
  }
  const first = issues[0];
  if (first === undefined) return undefined;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new OutputSchemaError(`Tool "${name}" returned structuredContent that does not match its outputSchema ${describe(first)}${more}`, {
    tool: name, reason: 'mismatch', issues, result,
  });
}

/**
 * Checks one result against its tool's `outputSchema` (pure). `undefined` when it passes, when the tool declares no
 * schema, or when the result is a tool error (`isError: true`, which carries no structured output to check).
 */
export function checkToolOutput(tool: Tool | undefined, result: CheckedToolResult): OutputSchemaError | undefined {
  if (tool?.outputSchema === undefined || result.isError === true) return undefined;
  return failure(tool, result, compiledFor(tool));
}

/** Options of {@link outputValidator}. */
export interface OutputValidatorOptions {
  /** `error` (default): a failure throws `OutputSchemaError`; `diagnostic`: it is reported and the result kept; `off`. */
  readonly mode?: OutputValidation;
  /** Receives each failure in `diagnostic` mode. */
  readonly report?: (error: OutputSchemaError) => void;
}

/** Checks a result against its tool's output schema; throws `OutputSchemaError` in `error` mode. */
export type OutputCheck = (tool: Tool | undefined, result: CheckedToolResult) => void;

/**
 * A check of tool results against their tools' output schemas (JSON Schema 2020-12 unless the schema names
 * another dialect with `$schema`), for the mode given. Schemas are compiled once per tool definition object.
 */
export function outputValidator(options: OutputValidatorOptions = {}): OutputCheck {
  const mode = options.mode ?? 'error';
  return (tool, result) => {
    if (mode === 'off') return;
    const error = checkToolOutput(tool, result);
    if (error === undefined) return;
    if (mode === 'error') throw error;
    options.report?.(error);
  };
}

/** What the client hands the output check: its options and where diagnostics go. */
export interface OutputCheckHost {
  readonly options: { readonly validateOutput?: OutputValidation };
  diagnose(diagnostic: { readonly kind: 'invalid-tool-output'; readonly message: string; readonly error: OutputSchemaError; readonly value: unknown }): void;
}

/** What `outputChecker` makes: checks a `callTool` event against the tool definition given with it. */
export type ToolOutputCheck = <E extends { readonly type: string }>(tool: Tool | undefined, event: E) => E;

/**
 * The client's check of `callTool` events, made once per client: a `result` event is checked against the tool
 * definition given with it; other events pass. Throws `OutputSchemaError` (failing the call) in `error` mode;
 * reports an `invalid-tool-output` diagnostic in `diagnostic` mode.
 */
export function outputChecker(host: OutputCheckHost): ToolOutputCheck {
  const check = outputValidator({
    mode: host.options.validateOutput ?? 'error',
    report: (error) => host.diagnose({ kind: 'invalid-tool-output', message: error.message, error, value: error.result }),
  });
  return (tool, event) => {
    if (event.type === 'result') check(tool, (event as unknown as { readonly result: CheckedToolResult }).result);
    return event;
  };
}
