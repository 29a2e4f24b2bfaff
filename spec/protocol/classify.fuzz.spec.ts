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

/** Valid messages of each kind, built so that the kind is known without reading them back. */
const memberId = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }));
const method = fc.string({ maxLength: 12 });
const params = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
const result = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
const knownValid: fc.Arbitrary<{ value: unknown; kind: string | undefined }> = fc.oneof(
  fc.record({ jsonrpc: fc.constant('2.0'), id: memberId, method, params }, { requiredKeys: ['jsonrpc', 'id', 'method'] }).map((value) => ({ value, kind: 'request' })),
  fc.record({ jsonrpc: fc.constant('2.0'), method, params }, { requiredKeys: ['jsonrpc', 'method'] }).map((value) => ({ value, kind: 'notification' })),
  fc.record({ jsonrpc: fc.constant('2.0'), id: memberId, result }).map((value) => ({ value, kind: 'success' })),
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(memberId, fc.constant(null)), error: fc.record({ code: fc.integer(), message: fc.string() }) })
    .map((value) => ({ value, kind: 'error' })),
);
/** Values that are no message whatever their content: no object, a batch, or an envelope without `jsonrpc: "2.0"`. */
const knownInvalid: fc.Arbitrary<{ value: unknown; kind: string | undefined }> = fc.oneof(
  fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)),
  fc.array(fc.oneof(envelopeish, fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }),
  envelopeish.map((value) => ({ ...value, jsonrpc: '1.0' })),
  knownValid.map(({ value }) => [value]),
).map((value) => ({ value, kind: undefined }));

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

/**
 * Inbound values with the kind they are known to have (`undefined`: not a message): built ones, and arbitrary ones
 * whose kind the zod schemas give (an object) or that no message can be (anything else).
 */
const knownInbound = fc.oneof(
  knownValid,
  knownInvalid,
  inbound
    .filter((value) => !isUnsafeInteger((value as { id?: unknown } | null)?.id) && !isUnsafeInteger((value as { error?: { code?: unknown } } | null)?.error?.code))
    .map((value) => ({ value: value as unknown, kind: typeof value === 'object' && value !== null && !Array.isArray(value) ? schemaKind(value) : undefined })),
);

describe('classifyMessage on arbitrary inbound values (property)', () => {
  it('never throws, agrees with messageKind, and hands valid messages on as they are', () => {
    fc.assert(
      fc.property(knownInbound, ({ value, kind }) => {
        const classified = classifyMessage(value);
        throwUnless<string | undefined>(messageKind(value)).toBe(kind);
        if (kind === undefined) {
          throwUnless(classified.kind).toBe('invalid');
          if (classified.kind !== 'invalid') return;
          throwUnless(classified.reason).toMatch(/\S/);
          throwUnless(classified.value).toBe(value);
        } else {
          throwUnless<string>(classified.kind).toBe(kind);
          if (classified.kind === 'invalid') return;
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
      fc.property(fc.array(fc.oneof(envelopeish, fc.jsonValue({ maxDepth: 1 })), { minLength: 0, maxLength: 4 }), fc.boolean(), (messages, batched) => {
        // A value not batched is one message, and one that is not itself an array (an array is a batch).
        const single = messages.find((message) => !Array.isArray(message)) ?? null;
        const expected: readonly unknown[] = batched ? messages : [single];
        const value: unknown = batched ? [...messages] : single;
        const parts = splitBatch(value);
        throwUnless(parts.length).toBe(expected.length);
        expected.forEach((message, index) => throwUnless(parts[index]).withContext(`member ${index}`).toBe(message));
      }),
      fuzzParams(200),
    );
  });
});
