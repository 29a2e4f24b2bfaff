import * as z from 'zod/mini';
import { opt } from './context.js';

/**
 * Builds the fields of an elicitation form (received only, so loose): flat primitives told apart by
 * `type`. String fields cover plain strings and the single-select enums (`enum`, titled `oneOf`, legacy
 * `enumNames`); array fields are the multi-select enums.
 */
export function buildElicitationForm() {
  const described = { title: opt(z.string()), description: opt(z.string()) };
  const titledOption = z.looseObject({ const: z.string(), title: z.string() });
  const stringField = z.looseObject({
    type: z.literal('string'),
    ...described,
    minLength: opt(z.number()),
    maxLength: opt(z.number()),
    format: opt(z.enum(['email', 'uri', 'date', 'date-time'])),
    enum: opt(z.array(z.string())),
    enumNames: opt(z.array(z.string())),
    oneOf: opt(z.array(titledOption)),
    default: opt(z.string()),
  });
  const numberField = z.looseObject({
    type: z.enum(['number', 'integer']),
    ...described,
    minimum: opt(z.number()),
    maximum: opt(z.number()),
    default: opt(z.number()),
  });
  const booleanField = z.looseObject({ type: z.literal('boolean'), ...described, default: opt(z.boolean()) });
  const arrayField = z.looseObject({
    type: z.literal('array'),
    ...described,
    minItems: opt(z.number()),
    maxItems: opt(z.number()),
    items: z.looseObject({ type: opt(z.literal('string')), enum: opt(z.array(z.string())), anyOf: opt(z.array(titledOption)) }),
    default: opt(z.array(z.string())),
  });
  const primitiveSchema = z.discriminatedUnion('type', [stringField, numberField, booleanField, arrayField]);
  const requestedSchema = z.looseObject({
    $schema: opt(z.string()),
    type: z.literal('object'),
    properties: z.record(z.string(), primitiveSchema),
    required: opt(z.array(z.string())),
  });
  return { primitiveSchema, requestedSchema };
}

/** The shapes `buildElicitationForm` returns. */
export type ElicitationFormShapes = ReturnType<typeof buildElicitationForm>;
