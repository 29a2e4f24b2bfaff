import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCHEMA_2024_11_05 } from '../fixtures/spec/schema-2024-11-05.js';
import { SCHEMA_2025_03_26 } from '../fixtures/spec/schema-2025-03-26.js';
import { SCHEMA_2025_06_18 } from '../fixtures/spec/schema-2025-06-18.js';
import { SCHEMA_2025_11_25 } from '../fixtures/spec/schema-2025-11-25.js';
import { SCHEMA_2026_07_28 } from '../fixtures/spec/schema-2026-07-28.js';

/** A revision with a vendored official schema. */
export type OfficialSchemaVersion = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

/** Options of `validateAgainstOfficialSchema`. */
export interface OfficialSchemaOptions {
  /** Validate against this `$defs` (or `definitions`) type instead of picking one from the message. */
  readonly type?: string;
  /** For a response: the method of the request it answers (picks the result type). */
  readonly method?: string;
}

type Json = Record<string, unknown>;

interface LoadedSchema {
  readonly ajv: Ajv;
  readonly id: string;
  readonly defsKey: '$defs' | 'definitions';
  readonly defs: Readonly<Record<string, Json>>;
  readonly validators: Map<string, ValidateFunction>;
}

const TEXTS: Readonly<Record<OfficialSchemaVersion, string>> = {
  '2024-11-05': SCHEMA_2024_11_05,
  '2025-03-26': SCHEMA_2025_03_26,
  '2025-06-18': SCHEMA_2025_06_18,
  '2025-11-25': SCHEMA_2025_11_25,
  '2026-07-28': SCHEMA_2026_07_28,
};

const loaded = new Map<OfficialSchemaVersion, LoadedSchema>();

function load(version: OfficialSchemaVersion): LoadedSchema {
  const existing = loaded.get(version);
  if (existing) return existing;
  const root = JSON.parse(TEXTS[version]) as Json;
  const draft2020 = String(root['$schema']).includes('2020-12');
  const ajv = draft2020 ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const id = `https://rxmcp.invalid/schema/${version}/schema.json`;
  ajv.addSchema({ ...root, $id: id });
  const defsKey = draft2020 ? '$defs' : 'definitions';
  const schema: LoadedSchema = { ajv, id, defsKey, defs: root[defsKey] as Record<string, Json>, validators: new Map() };
  loaded.set(version, schema);
  return schema;
}

function validatorFor(schema: LoadedSchema, type: string): ValidateFunction {
  let validate = schema.validators.get(type);
  if (!validate) {
    validate = schema.ajv.compile({ $ref: `${schema.id}#/${schema.defsKey}/${type}` });
    schema.validators.set(type, validate);
  }
  return validate;
}

const methodOf = (def: Json): unknown => ((def['properties'] as Json | undefined)?.['method'] as Json | undefined)?.['const'];
const requiresId = (def: Json): boolean => Array.isArray(def['required']) && def['required'].includes('id');

/** The official type of a request (`expectsId`) or notification with this method, if the revision has one. */
function typeForMethod(schema: LoadedSchema, method: string, expectsId: boolean): string | undefined {
  const matches = Object.entries(schema.defs).filter(([, def]) => methodOf(def) === method);
  return (matches.find(([, def]) => requiresId(def) === expectsId) ?? matches[0])?.[0];
}

/** The official result type of the request `method`: `XxxRequest` answers with `XxxResult`, else `EmptyResult`. */
function resultTypeFor(schema: LoadedSchema, method: string): string | undefined {
  const request = typeForMethod(schema, method, true);
  if (!request) return undefined;
  const result = request.replace(/Request$/, 'Result');
  if (schema.defs[result]) return result;
  return schema.defs['EmptyResult'] ? 'EmptyResult' : 'Result';
}

function format(errors: readonly ErrorObject[] | null | undefined, prefix = ''): string[] {
  return (errors ?? []).map((e) => `${prefix}${e.instancePath || '/'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`);
}

function check(schema: LoadedSchema, type: string, value: unknown, prefix = ''): string[] {
  if (!schema.defs[type]) return [`${prefix}/ has no official type ${type}`];
  const validate = validatorFor(schema, type);
  return validate(value) ? [] : format(validate.errors, prefix);
}

function checkResponse(schema: LoadedSchema, message: Json, method: string | undefined): string[] {
  const envelope = schema.defs['JSONRPCResultResponse'] ? 'JSONRPCResultResponse' : 'JSONRPCResponse';
  if (method === undefined) return ['/ a response needs options.method to pick its result type'];
  const resultType = resultTypeFor(schema, method);
  if (!resultType) return [`/ has no official request ${method}`];
  return [...check(schema, envelope, message), ...check(schema, resultType, message['result'], '/result')];
}

/**
 * Validates a JSON-RPC message (or, with `options.type`, any value) against the official JSON Schema of
 * `version`, using the draft the schema file declares (draft-07 up to 2025-06-18, 2020-12 after). The type
 * comes from the message: a request or notification by its `method`, a response by `options.method`, an
 * error response by the revision's error envelope. Returns readable errors; empty means valid.
 * Validators are compiled on first use, per revision and type.
 */
export function validateAgainstOfficialSchema(
  version: OfficialSchemaVersion,
  message: unknown,
  options: OfficialSchemaOptions = {},
): string[] {
  const schema = load(version);
  if (options.type !== undefined) return check(schema, options.type, message);
  if (typeof message !== 'object' || message === null) return ['/ a JSON-RPC message must be an object'];
  const frame = message as Json;
  if (typeof frame['method'] === 'string') {
    const type = typeForMethod(schema, frame['method'], 'id' in frame);
    return type ? check(schema, type, frame) : [`/ has no official message ${frame['method']}`];
  }
  if ('result' in frame) return checkResponse(schema, frame, options.method);
  return check(schema, schema.defs['JSONRPCErrorResponse'] ? 'JSONRPCErrorResponse' : 'JSONRPCError', frame);
}
