import { propertyName, typeDeclaration, typeOf } from '../../../src/cli/types/schema-to-ts.js';

describe('rxmcp types: JSON Schema to TypeScript', () => {
  it('type: each JSON type, integer as number, a list of types as a union, an unknown type as unknown', () => {
    expect(['string', 'number', 'integer', 'boolean', 'null', 'date'].map((type) => typeOf({ type }))).toEqual(['string', 'number', 'number', 'boolean', 'null', 'unknown']);
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ type: ['integer', 'number'] })).toBe('number');
  });

  it('enum and const: literal types', () => {
    expect(typeOf({ type: 'string', enum: ['a', 'b"c'] })).toBe('"a" | "b\\"c"');
    expect(typeOf({ enum: [1, true, null] })).toBe('1 | true | null');
    expect(typeOf({ const: 'fixed' })).toBe('"fixed"');
  });

  it('properties and required: optional members unless required, quoted names, descriptions as comments', () => {
    const schema = { type: 'object', properties: { a: { type: 'number', description: 'The first' }, 'b-c': { type: 'string' } }, required: ['a'] };
    expect(typeOf(schema)).toBe('{\n  /** The first */\n  a: number;\n  "b-c"?: string;\n}');
    expect(propertyName('$ok_1')).toBe('$ok_1');
    expect(propertyName('1st')).toBe('"1st"');
  });

  it('additionalProperties: false (or absent, with properties) closes the object, true or a schema opens it, an object without properties is a record', () => {
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false })).toBe('{\n  a?: string;\n}');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } })).toBe('{\n  a?: string;\n  [key: string]: unknown;\n}');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true })).toBe('{\n  a?: string;\n  [key: string]: unknown;\n}');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } } })).toBe('{\n  a?: string;\n}');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'number' } })).toBe('{\n  [key: string]: number;\n}');
    expect(typeOf({ type: 'object' })).toBe('{\n  [key: string]: unknown;\n}');
    expect(typeOf({ type: 'object', additionalProperties: false })).toBe('{}');
  });

  it('items and prefixItems: arrays, parenthesised unions, tuples', () => {
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeOf({ type: 'array', items: { type: ['string', 'number'] } })).toBe('(string | number)[]');
    expect(typeOf({ type: 'array' })).toBe('unknown[]');
    expect(typeOf({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] })).toBe('[string, number]');
    expect(typeOf({ type: 'array', items: [{ type: 'boolean' }] })).toBe('[boolean]');
  });

  it('anyOf and oneOf as unions, allOf as an intersection, nullable adds null', () => {
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string | number');
    expect(typeOf({ oneOf: [{ const: 'a' }, { type: 'array', items: { type: 'string' } }] })).toBe('"a" | string[]');
    expect(typeOf({ allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { anyOf: [{ type: 'object', properties: { b: { type: 'number' } }, required: ['b'] }, { type: 'null' }] }] }))
      .toBe('{\n  a: string;\n} & ({\n  b: number;\n} | null)');
    expect(typeOf({ type: 'string', nullable: true })).toBe('string | null');
    expect(typeOf({ anyOf: [{ type: 'string' }, {}] })).toBe('unknown');
  });

  it('$ref to $defs and definitions is inlined; a cycle and a reference elsewhere are unknown', () => {
    const schema = { type: 'object', properties: { p: { $ref: '#/$defs/Point' }, q: { $ref: '#/definitions/Name' }, r: { $ref: 'https://x/s.json' } }, required: ['p'], $defs: { Point: { type: 'array', items: { type: 'number' } } }, definitions: { Name: { type: 'string' } } };
    expect(typeOf(schema)).toBe('{\n  p: number[];\n  q?: string;\n  r?: unknown;\n}');
    const tree = { $ref: '#/$defs/Node', $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } };
    expect(typeOf(tree)).toBe('{\n  next?: unknown;\n}');
  });

  it('keywords that narrow values only leave the type as it is; an empty schema is unknown', () => {
    expect(typeOf({ type: 'string', format: 'uri', minLength: 1, pattern: '^a' })).toBe('string');
    expect(typeOf({ type: 'integer', minimum: 0, default: 3 })).toBe('number');
    expect(typeOf({})).toBe('unknown');
  });

  it('a declaration carries the schema\'s description, with comment ends broken up', () => {
    expect(typeDeclaration('AddInput', { description: 'Adds */ two\nnumbers', type: 'object', properties: {} })).toBe('/**\n * Adds *\\/ two\n * numbers\n */\nexport type AddInput = {\n  [key: string]: unknown;\n};\n');
  });
});
