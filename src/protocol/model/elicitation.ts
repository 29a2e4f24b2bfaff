import type { Meta, RequestParamsBase } from './common.js';
import type { TaskMetadata } from './tool-definition.js';

/** A string field of an elicitation form (`default` from 2025-11-25). */
export interface StringSchema {
  /** Always `'string'`. */
  readonly type: 'string';
  /** The field's label, for the user. */
  readonly title?: string;
  /** What to enter, for the user. */
  readonly description?: string;
  /** The fewest characters allowed. */
  readonly minLength?: number;
  /** The most characters allowed. */
  readonly maxLength?: number;
  /** A format the value must have. */
  readonly format?: 'email' | 'uri' | 'date' | 'date-time';
  /** The value to start with (2025-11-25+). */
  readonly default?: string;
}

/** A number or integer field of an elicitation form. */
export interface NumberSchema {
  /** `'number'`, or `'integer'` for whole numbers. */
  readonly type: 'number' | 'integer';
  /** The field's label, for the user. */
  readonly title?: string;
  /** What to enter, for the user. */
  readonly description?: string;
  /** The smallest value allowed. */
  readonly minimum?: number;
  /** The largest value allowed. */
  readonly maximum?: number;
  /** The value to start with (2025-11-25+). */
  readonly default?: number;
}

/** A boolean field of an elicitation form. */
export interface BooleanSchema {
  /** Always `'boolean'`. */
  readonly type: 'boolean';
  /** The field's label, for the user. */
  readonly title?: string;
  /** What to enter, for the user. */
  readonly description?: string;
  /** The value to start with. */
  readonly default?: boolean;
}

/** A titled option of an enum field. */
export interface TitledOption {
  /** The value sent when the option is chosen. */
  readonly const: string;
  /** What the user sees. */
  readonly title: string;
}

/**
 * A single-select enum field: plain `enum`, titled `oneOf`, or the legacy `enum` + `enumNames`.
 */
export interface SingleSelectEnumSchema {
  /** Always `'string'`. */
  readonly type: 'string';
  /** The field's label, for the user. */
  readonly title?: string;
  /** What to enter, for the user. */
  readonly description?: string;
  /** The values to choose from (untitled). */
  readonly enum?: readonly string[];
  /** Legacy: the labels of `enum`, in the same order. */
  readonly enumNames?: readonly string[];
  /** The options to choose from, each with a label (2025-11-25+). */
  readonly oneOf?: readonly TitledOption[];
  /** The value to start with (2025-11-25+). */
  readonly default?: string;
}

/** A multi-select enum field (2025-11-25+): `items.enum` or titled `items.anyOf`. */
export interface MultiSelectEnumSchema {
  /** Always `'array'`. */
  readonly type: 'array';
  /** The field's label, for the user. */
  readonly title?: string;
  /** What to enter, for the user. */
  readonly description?: string;
  /** The fewest options the user must choose. */
  readonly minItems?: number;
  /** The most options the user may choose. */
  readonly maxItems?: number;
  /** The options: `enum` (untitled) or `anyOf` (each with a label). */
  readonly items: {
    /** `'string'` when present. */
    readonly type?: 'string';
    /** The values to choose from (untitled). */
    readonly enum?: readonly string[];
    /** The options to choose from, each with a label. */
    readonly anyOf?: readonly TitledOption[];
  };
  /** The options chosen to start with. */
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
  /** The JSON Schema dialect, when given. */
  readonly $schema?: string;
  /** Always `'object'`. */
  readonly type: 'object';
  /** The form's fields, by name. */
  readonly properties: Readonly<Record<string, PrimitiveSchemaDefinition>>;
  /** The fields the user must fill in. */
  readonly required?: readonly string[];
}

/** Form-mode elicitation (`mode` absent means form). */
export interface ElicitRequestFormParams extends RequestParamsBase {
  /** `'form'`, or absent. */
  readonly mode?: 'form';
  /** What the server asks, for the user. */
  readonly message: string;
  /** The form to fill in. */
  readonly requestedSchema: ElicitationFormSchema;
  /** 2025-11-25: run the request as a task. */
  readonly task?: TaskMetadata;
}

/**
 * URL-mode elicitation (2025-11-25+): the user is sent to `url` out of band. `elicitationId` is present in
 * 2025-11-25 (matched by `notifications/elicitation/complete`) and absent in 2026-07-28.
 */
export interface ElicitRequestUrlParams extends RequestParamsBase {
  /** Always `'url'`. */
  readonly mode: 'url';
  /** Why the user should open the page. */
  readonly message: string;
  /** The page the user must open (the client shows it, with its domain, before opening it). */
  readonly url: string;
  /** 2025-11-25: the elicitation's id, which `notifications/elicitation/complete` names. */
  readonly elicitationId?: string;
  /** 2025-11-25: run the request as a task. */
  readonly task?: TaskMetadata;
}

/** Params of `elicitation/create`. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestUrlParams;

/** A value the user entered (string arrays for multi-select, 2025-11-25+). */
export type ElicitValue = string | number | boolean | readonly string[];

/** What the client answers to `elicitation/create`. `content` only with `accept` in form mode. */
export interface ElicitResult {
  /** `accept` (the user answered), `decline` (the user said no) or `cancel` (the user dismissed it). */
  readonly action: 'accept' | 'decline' | 'cancel';
  /** The values the user entered, by field name (form mode with `accept` only). */
  readonly content?: Readonly<Record<string, ElicitValue>>;
  /** The result's metadata. */
  readonly _meta?: Meta;
}

/** True for URL-mode elicitation params. */
export function isUrlElicitation(params: ElicitRequestParams): params is ElicitRequestUrlParams {
  return params.mode === 'url';
}
