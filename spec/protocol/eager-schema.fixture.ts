import * as z from 'zod/mini';

/** A module that builds a schema when it is evaluated: the positive control of the lazy-construction spec. */
export const EAGER_SCHEMA = z.looseObject({ name: z.string() });
