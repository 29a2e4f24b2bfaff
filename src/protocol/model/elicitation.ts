import type { Meta, RequestParamsBase } from './common.js';
import type { TaskMetadata } from './tool-definition.js';

/** A string field of an elicitation form (`default` from 2025-11-25). */
export interface StringSchema {
  readonly type: 'string';
  readonly title?: string;
  readonly description?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: 'email' | 'uri' | 'date' | 'date-time';
  readonly default?: string;
}

/** A number or integer field of an elicitation form. */
export interface NumberSchema {
  readonly type: 'number' | 'integer';
  readonly title?: string;
  readonly description?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: number;
}

/** A boolean field of an elicitation form. */
export interface BooleanSchema {
  readonly type: 'boolean';
  readonly title?: string;
  readonly description?: string;
  readonly default?: boolean;
}

/** A titled option of an enum field. */
export interface TitledOption {
  readonly const: string;
  readonly title: string;
}

/**
 * A single-select enum field: plain `enum`, titled `oneOf`, or the legacy `enum` + `enumNames`.
 */
export interface SingleSelectEnumSchema {
  readonly type: 'string';
  readonly title?: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly enumNames?: readonly string[];
  readonly oneOf?: readonly TitledOption[];
  readonly default?: string;
}

/** A multi-select enum field (2025-11-25+): `items.enum` or titled `items.anyOf`. */
export interface MultiSelectEnumSchema {
  readonly type: 'array';
  readonly title?: string;
  readonly description?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items: { readonly type?: 'string'; readonly enum?: readonly string[]; readonly anyOf?: readonly TitledOption[] };
  readonly default?: readonly string[];
}

/** One field of an elicitation form: a flat primitive. */
export type PrimitiveSchemaDefinition =
  | StringSchema
  | NumberSchema
  | BooleanSchema
  | SingleSelectEnumSchema
  | MultiSelectEnumSchema;

/** The form an elicitation asks the user to fill. */
export interface ElicitationFormSchema {
  readonly $schema?: string;
  readonly type: 'object';
  readonly properties: Readonly<Record<string, PrimitiveSchemaDefinition>>;
  readonly required?: readonly string[];
}

/** Form-mode elicitation (`mode` absent means form). */
export interface ElicitRequestFormParams extends RequestParamsBase {
  readonly mode?: 'form';
  readonly message: string;
  readonly requestedSchema: ElicitationFormSchema;
  readonly task?: TaskMetadata;
}

/**
 * URL-mode elicitation (2025-11-25+): the user is sent to `url` out of band. `elicitationId` is present in
 * 2025-11-25 (matched by `notifications/elicitation/complete`) and absent in 2026-07-28.
 */
export interface ElicitRequestUrlParams extends RequestParamsBase {
  readonly mode: 'url';
  readonly message: string;
  readonly url: string;
  readonly elicitationId?: string;
  readonly task?: TaskMetadata;
}

/** Params of `elicitation/create`. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestUrlParams;

/** A value the user entered (string arrays for multi-select, 2025-11-25+). */
export type ElicitValue = string | number | boolean | readonly string[];

/** What the client answers to `elicitation/create`. `content` only with `accept` in form mode. */
export interface ElicitResult {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, ElicitValue>>;
  readonly _meta?: Meta;
}

/** True for URL-mode elicitation params. */
export function isUrlElicitation(params: ElicitRequestParams): params is ElicitRequestUrlParams {
  return params.mode === 'url';
}
