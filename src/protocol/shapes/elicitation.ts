import * as z from 'zod/mini';
import { opt } from './context.js';

/**
 * Builds the fields of an elicitation form (received only, so loose): flat primitives told apart by
 * `type`. String fields cover plain strings and the single-select enums (`enum`, titled `oneOf`, legacy
 * `enumNames`); array fields are the multi-select enums.
 */
export function buildElicitationForm() {
  const described = { title: opt(z.string()), description: opt(z.string()) };
  const TitledOptionSchema = z.looseObject({ const: z.string(), title: z.string() });
  const StringFieldSchema = z.looseObject({
    type: z.literal('string'),
    ...described,
    minLength: opt(z.number()),
    maxLength: opt(z.number()),
    format: opt(z.enum(['email', 'uri', 'date', 'date-time'])),
    enum: opt(z.array(z.string())),
    enumNames: opt(z.array(z.string())),
    oneOf: opt(z.array(TitledOptionSchema)),
    default: opt(z.string()),
  });
  const NumberFieldSchema = z.looseObject({
    type: z.enum(['number', 'integer']),
    ...described,
    minimum: opt(z.number()),
    maximum: opt(z.number()),
    default: opt(z.number()),
  });
  const BooleanFieldSchema = z.looseObject({ type: z.literal('boolean'), ...described, default: opt(z.boolean()) });
  const ArrayFieldSchema = z.looseObject({
    type: z.literal('array'),
    ...described,
    minItems: opt(z.number()),
    maxItems: opt(z.number()),
    items: z.looseObject({ type: opt(z.literal('string')), enum: opt(z.array(z.string())), anyOf: opt(z.array(TitledOptionSchema)) }),
    default: opt(z.array(z.string())),
  });
  const fields = [StringFieldSchema, NumberFieldSchema, BooleanFieldSchema, ArrayFieldSchema] as const;
  const PrimitiveSchemaDefinitionSchema = z.discriminatedUnion('type', fields);
  const RequestedSchemaSchema = z.looseObject({
    $schema: opt(z.string()),
    type: z.literal('object'),
    properties: z.record(z.string(), PrimitiveSchemaDefinitionSchema),
    required: opt(z.array(z.string())),
  });
  return { PrimitiveSchemaDefinitionSchema, RequestedSchemaSchema };
}

/** The shapes `buildElicitationForm` returns. */
export type ElicitationFormShapes = ReturnType<typeof buildElicitationForm>;
