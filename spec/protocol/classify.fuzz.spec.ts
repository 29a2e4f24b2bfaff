import * as fc from 'fast-check';
import { classifyMessage, messageKind, splitBatch } from '../../src/protocol/classify.js';
import {
  JsonRpcErrorResponseSchema, JsonRpcNotificationSchema, JsonRpcRequestSchema, JsonRpcSuccessSchema,
} from '../../src/protocol/jsonrpc.js';
import { fuzzParams } from '../helpers/fuzz.js';

const absent = Symbol('absent');
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | typeof absent> => fc.oneof(fc.constant(absent), arbitrary);

/** Ids as JSON gives them: integers (safe or not), fractions, strings, null, and other types. */
const anyId = fc.oneof(
  fc.integer(), fc.string(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, -(2 ** 53) - 2, 1e21, -0), fc.boolean(), fc.constant({}), fc.constant([1]),
);
const objectish = fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 }));
const errorish = fc.oneof(
  fc.record(
    { code: fc.oneof(fc.integer(), fc.double(), fc.string()), message: fc.oneof(fc.string(), fc.integer()), data: fc.jsonValue({ maxDepth: 1 }) },
    { requiredKeys: ['code', 'message'] },
  ),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Values near the JSON-RPC envelope, each member present, absent or of the wrong type. */
const envelopeish = fc
  .record({
    jsonrpc: maybe(fc.constantFrom('2.0', '1.0', 2, '')),
    id: maybe(anyId),
    method: maybe(fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null))),
    params: maybe(objectish),
    result: maybe(objectish),
    error: maybe(errorish),
  })
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== absent)));

/** Anything `JSON.parse` can give, plus values near the envelope, and batches of both. */
const inbound = fc.oneof(fc.jsonValue(), envelopeish, fc.array(fc.oneof(envelopeish, fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }));

const SCHEMAS = {
  request: JsonRpcRequestSchema,
  notification: JsonRpcNotificationSchema,
  success: JsonRpcSuccessSchema,
  error: JsonRpcErrorResponseSchema,
} as const;

/**
 * The kind by the zod schemas of `jsonrpc.ts`, read with JSON-RPC 2.0's rules for which schema applies: with a
 * `method`, an `id` member makes a request and its absence a notification; without one, exactly one of `result` and
 * `error` makes a response. (The union `JsonRpcMessageSchema` alone is laxer: it takes `{ id: {}, method }` for a
 * notification.)
 */
function schemaKind(value: Record<string, unknown>): string | undefined {
  const passes = (kind: keyof typeof SCHEMAS) => (SCHEMAS[kind].safeParse(value).success ? kind : undefined);
  if (value['method'] !== undefined) return 'id' in value ? passes('request') : passes('notification');
  const hasResult = 'result' in value;
  if (hasResult === ('error' in value)) return undefined;
  return hasResult ? passes('success') : passes('error');
}

/**
 * Ids and error codes past ±(2^53 − 1) are left out of the comparison: the official schemas type them as JSON
 * Schema `integer`, which the classifier follows, while zod's `z.int()` stops at the safe range.
 */
const isUnsafeInteger = (id: unknown): boolean => typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id);

describe('classifyMessage on arbitrary inbound values (property)', () => {
  it('never throws, agrees with messageKind, and hands valid messages on as they are', () => {
    fc.assert(
      fc.property(inbound, (value) => {
        const classified = classifyMessage(value);
        const kind = messageKind(value);
        if (classified.kind === 'invalid') {
          throwUnless(kind).toBeUndefined();
          throwUnless(classified.reason).toMatch(/\S/);
          throwUnless(classified.value).toBe(value);
        } else {
          throwUnless(kind).toBe(classified.kind);
          throwUnless(classified.message as unknown).toBe(value);
        }
      }),
      fuzzParams(1000),
    );
  });

  it("names the kind whose schema accepts the value (a member id makes a request, exactly one of result and error a response)", () => {
    fc.assert(
      fc.property(envelopeish.filter((value) => !isUnsafeInteger(value['id']) && !isUnsafeInteger((value['error'] as { code?: unknown } | undefined)?.code)), (value) => {
        throwUnless<string | undefined>(messageKind(value)).toBe(schemaKind(value));
      }),
      fuzzParams(2000),
    );
  });

  it('splits a batch into its members and leaves any other value whole', () => {
    fc.assert(
      fc.property(inbound, (value) => {
        const parts = splitBatch(value);
        throwUnless(parts).toEqual(Array.isArray(value) ? value : [value]);
      }),
      fuzzParams(200),
    );
  });
});
