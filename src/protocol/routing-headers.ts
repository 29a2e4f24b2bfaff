import type { JsonRpcNotification, JsonRpcRequest } from './jsonrpc.js';

/**
 * HTTP routing headers of the 2026-07-28 Streamable HTTP transport (`Mcp-Method`, `Mcp-Name`,
 * `Mcp-Param-*`) and the `x-mcp-header` tool annotations they come from.
 * Spec: https://modelcontextprotocol.io/specification/2026-07-28/basic/transports
 */

/** The tool fields the header rules read (any `Tool` of any revision fits). */
export interface HeaderAnnotatedTool {
  /** The tool's name. */
  readonly name?: string;
  /** The tool's input schema, whose properties may carry `x-mcp-header` annotations. */
  readonly inputSchema?: unknown;
}

/** One valid `x-mcp-header` annotation: the header to send and where its argument is. */
export interface ParamHeaderBinding {
  /** The full header name, `Mcp-Param-{annotation}`. */
  readonly header: string;
  /** Property names from the root of `arguments` to the annotated argument. */
  readonly path: readonly string[];
  /** The JSON Schema type of the annotated property. */
  readonly type: 'string' | 'integer' | 'boolean';
}

/** The outcome of checking a tool's `x-mcp-header` annotations. */
export type ToolHeaderCheck =
  | {
      /** The annotations follow the rules. */
      readonly valid: true;
      /** One binding per annotated property (empty when there is none). */
      readonly bindings: readonly ParamHeaderBinding[];
    }
  | {
      /** An annotation breaks a rule: the tool must not be used over Streamable HTTP. */
      readonly valid: false;
      /** Which rule, naming the property. */
      readonly reason: string;
    };

/** A tool dropped from a tool list because of its annotations, with the reason (for a diagnostic). */
export interface InvalidHeaderTool<T> {
  /** The tool, as it was listed. */
  readonly tool: T;
  /** Which rule its annotations break. */
  readonly reason: string;
}

const ANNOTATION = 'x-mcp-header';
const PARAM_PREFIX = 'Mcp-Param-';
const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';
const MAX_DEPTH = 64;
/** RFC 9110 `token`: one or more `tchar`. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Plain visible ASCII with inner spaces: what may go into a header value unencoded. */
const PLAIN_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const HEADER_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples', 'required']);
/** Where `Mcp-Name` comes from, per method. */
const NAME_SOURCES: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pathLabel = (path: readonly string[]): string => (path.length === 0 ? '(root)' : path.join('.'));

/** Walk state of one schema check. */
interface Scan {
  readonly bindings: ParamHeaderBinding[];
  /** Lower-cased annotation values seen so far. */
  readonly seen: Set<string>;
}

function checkAnnotation(
  node: Record<string, unknown>,
  path: readonly string[],
  reachable: boolean,
  scan: Scan,
): string | undefined {
  const value = node[ANNOTATION];
  const where = pathLabel(path);
  if (!reachable || path.length === 0) {
    return `${where}: ${ANNOTATION} is only allowed on properties reached through "properties" from the root`;
  }
  if (typeof value !== 'string' || value === '') return `${where}: ${ANNOTATION} must be a non-empty string`;
  if (!TOKEN.test(value)) return `${where}: ${ANNOTATION} "${value}" is not an HTTP token`;
  const type = node['type'];
  if (typeof type !== 'string' || !HEADER_TYPES.has(type)) {
    return `${where}: ${ANNOTATION} needs a property of type string, integer or boolean`;
  }
  const key = value.toLowerCase();
  if (scan.seen.has(key)) return `${where}: ${ANNOTATION} "${value}" is declared twice (case-insensitively)`;
  scan.seen.add(key);
  scan.bindings.push({ header: `${PARAM_PREFIX}${value}`, path, type: type as ParamHeaderBinding['type'] });
  return undefined;
}

/** Visits every subschema; only `properties` chains from the root keep `reachable`. */
function visit(node: unknown, path: readonly string[], reachable: boolean, depth: number, scan: Scan): string | undefined {
  if (depth > MAX_DEPTH && typeof node === 'object' && node !== null) return `inputSchema nests deeper than ${MAX_DEPTH} levels`;
  if (Array.isArray(node)) {
    for (const item of node) {
      const fault = visit(item, path, false, depth + 1, scan);
      if (fault !== undefined) return fault;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (ANNOTATION in node) {
    const fault = checkAnnotation(node, path, reachable, scan);
    if (fault !== undefined) return fault;
  }
  for (const keyword in node) {
    if (keyword === ANNOTATION || DATA_KEYWORDS.has(keyword)) continue;
    const fault = keyword === 'properties' ? visitProperties(node[keyword], path, reachable, depth, scan)
      : visit(node[keyword], [...path, `<${keyword}>`], false, depth + 1, scan);
    if (fault !== undefined) return fault;
  }
  return undefined;
}

function visitProperties(
  properties: unknown,
  path: readonly string[],
  reachable: boolean,
  depth: number,
  scan: Scan,
): string | undefined {
  if (!isObject(properties)) return undefined;
  for (const name in properties) {
    const fault = visit(properties[name], [...path, name], reachable, depth + 1, scan);
    if (fault !== undefined) return fault;
  }
  return undefined;
}

const checks = new WeakMap<object, ToolHeaderCheck>();
const NO_BINDINGS: ToolHeaderCheck = { valid: true, bindings: [] };

/**
 * Checks a tool's `x-mcp-header` annotations against the spec's rules: a non-empty RFC 9110 token, unique
 * case-insensitively, on a property of type `string`, `integer` or `boolean` reached from the root through
 * `properties` only (never under `items`, `anyOf`/`oneOf`/`allOf`/`not`, `if`/`then`/`else`, `$defs`, ...).
 * The result is remembered per `inputSchema` object.
 */
export function checkToolHeaders(tool: HeaderAnnotatedTool): ToolHeaderCheck {
  const schema = tool.inputSchema;
  if (!isObject(schema)) return NO_BINDINGS;
  const known = checks.get(schema);
  if (known !== undefined) return known;
  const scan: Scan = { bindings: [], seen: new Set() };
  const fault = visit(schema, [], true, 0, scan);
  const check: ToolHeaderCheck =
    fault === undefined ? { valid: true, bindings: scan.bindings } : { valid: false, reason: fault };
  checks.set(schema, check);
  return check;
}

/**
 * Splits a tool list into the tools a Streamable HTTP client may use and those it must drop because their
 * `x-mcp-header` annotations are invalid (each with the reason, for a warning naming the tool).
 */
export function partitionToolsByHeaders<T extends HeaderAnnotatedTool>(
  tools: readonly T[],
): {
  /** The tools that may be used, in their order. */
  readonly valid: T[];
  /** The tools to drop, each with the reason. */
  readonly invalid: InvalidHeaderTool<T>[];
} {
  const valid: T[] = [];
  const invalid: InvalidHeaderTool<T>[] = [];
  for (const tool of tools) {
    const check = checkToolHeaders(tool);
    if (check.valid) valid.push(tool);
    else invalid.push({ tool, reason: check.reason });
  }
  return { valid, invalid };
}

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Encodes a string for `Mcp-Name` / `Mcp-Param-*`: plain visible ASCII (inner spaces allowed) goes as it
 * is; anything else (non-ASCII, control characters, leading or trailing whitespace, the empty string, or
 * text that itself looks like the sentinel) becomes `=?base64?{Base64 of the UTF-8 bytes}?=`.
 */
export function encodeHeaderValue(value: string): string {
  const looksEncoded = value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END);
  if (PLAIN_VALUE.test(value) && !looksEncoded) return value;
  return `${SENTINEL_START}${base64Utf8(value)}${SENTINEL_END}`;
}

/**
 * The `Mcp-Param-*` value of one argument: strings encoded, integers in decimal, booleans `true`/`false`;
 * `undefined` (no header) for `null`, absent values and anything else (objects, unsafe or non-finite numbers).
 */
export function paramHeaderValue(value: unknown): string | undefined {
  if (typeof value === 'string') return encodeHeaderValue(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return undefined;
  return String(value);
}

function argumentAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * The 2026-07-28 routing headers of one outbound message: `Mcp-Method` always; `Mcp-Name` for `tools/call`
 * and `prompts/get` (`params.name`), `resources/read` (`params.uri`) and the tasks extension's
 * `tasks/get|update|cancel` (`params.taskId`); and for `tools/call` with the called `tool`, one
 * `Mcp-Param-*` header per annotated argument that is present and not `null`. A tool whose annotations
 * are invalid contributes no `Mcp-Param-*` header (drop it from the tool list with `partitionToolsByHeaders`).
 */
export function routingHeaders(
  message: JsonRpcRequest | JsonRpcNotification,
  tool?: HeaderAnnotatedTool,
): Record<string, string> {
  const headers: Record<string, string> = { 'Mcp-Method': message.method };
  const params = message.params;
  if (params === undefined) return headers;
  const source = NAME_SOURCES[message.method];
  const name = source === undefined ? undefined : params[source];
  if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderValue(name);
  if (tool === undefined || message.method !== 'tools/call') return headers;
  const check = checkToolHeaders(tool);
  if (!check.valid) return headers;
  for (const binding of check.bindings) {
    const value = paramHeaderValue(argumentAt(params['arguments'], binding.path));
    if (value !== undefined) headers[binding.header] = value;
  }
  return headers;
}
