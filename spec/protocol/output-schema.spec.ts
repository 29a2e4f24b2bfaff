import { OutputSchemaError, type JsonSchema, type Tool } from '../../src/index.js';
import { checkToolOutput, outputValidator, type CheckedToolResult } from '../../src/protocol/index.js';

const weatherSchema: JsonSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' } },
  required: ['city', 'temperature'],
};

const toolWith = (outputSchema: JsonSchema | undefined, name = 'weather'): Tool =>
  ({ name, inputSchema: { type: 'object' }, ...(outputSchema === undefined ? {} : { outputSchema }) }) as Tool;

const structured = (value: unknown): CheckedToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('checkToolOutput', () => {
  it('passes structuredContent that matches the outputSchema', () => {
    expect(checkToolOutput(toolWith(weatherSchema), structured({ city: 'Oslo', temperature: 4.5 }))).toBeUndefined();
  });

  it('names the path of a mismatch, and keeps the result', () => {
    const result = structured({ city: 'Oslo', temperature: 'warm' });
    const error = checkToolOutput(toolWith(weatherSchema), result);
    expect(OutputSchemaError.is(error)).toBeTrue();
    expect(error?.reason).toBe('mismatch');
    expect(error?.tool).toBe('weather');
    expect(error?.path).toBe('/temperature');
    expect(error?.issues[0]).toEqual(jasmine.objectContaining({ path: '/temperature', schemaPath: '/properties/temperature/type', keyword: 'type' }));
    expect(error?.message).toContain('Tool "weather" returned structuredContent that does not match its outputSchema at /temperature');
    expect(error?.result).toBe(result);
  });

  it('reports a missing required property at the top level, and counts further issues', () => {
    const error = checkToolOutput(toolWith(weatherSchema), structured({ temperature: 'x' }));
    expect(error?.issues.map((issue) => [issue.path, issue.keyword])).toEqual([['', 'required'], ['/temperature', 'type']]);
    expect(error?.message).toMatch(/at the top level: Instance does not have required property "city"\. \(and 1 more\)$/);
  });

  it('fails a result without structuredContent when the tool declares an outputSchema', () => {
    const error = checkToolOutput(toolWith(weatherSchema), { content: [{ type: 'text', text: '4 degrees' }] });
    expect(error?.reason).toBe('missing');
    expect(error?.message).toBe('Tool "weather" declares an outputSchema but its result has no structuredContent');
  });

  it('does not check tool errors (isError) nor tools without an outputSchema', () => {
    expect(checkToolOutput(toolWith(weatherSchema), { content: [{ type: 'text', text: 'city not found' }], isError: true })).toBeUndefined();
    expect(checkToolOutput(toolWith(undefined), structured('anything'))).toBeUndefined();
    expect(checkToolOutput(undefined, structured('anything'))).toBeUndefined();
  });

  it('checks 2020-12 by default: $defs with $ref, prefixItems with items: false', () => {
    const schema: JsonSchema = {
      $defs: { reading: { type: 'object', properties: { at: { type: 'string' }, value: { type: 'integer' } } } },
      type: 'object',
      properties: { latest: { $ref: '#/$defs/reading' }, pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } },
    };
    const tool = toolWith(schema);
    expect(checkToolOutput(tool, structured({ latest: { at: 'noon', value: 3 }, pair: ['a', 1] }))).toBeUndefined();
    expect(checkToolOutput(tool, structured({ latest: { at: 'noon', value: 3.5 } }))?.path).toBe('/latest/value');
    expect(checkToolOutput(tool, structured({ pair: ['a', 'b'] }))?.path).toBe('/pair/1');
    expect(checkToolOutput(tool, structured({ pair: ['a', 1, 2] }))?.path).toBe('/pair/2');
  });

  it('follows a 2020-12 $dynamicRef to its $dynamicAnchor in the same schema (a recursive tree)', () => {
    const tree: JsonSchema = {
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $dynamicRef: '#node' } } },
      required: ['label'],
    };
    const tool = toolWith(tree);
    expect(checkToolOutput(tool, structured({ label: 'root', children: [{ label: 'leaf', children: [] }] }))).toBeUndefined();
    expect(checkToolOutput(tool, structured({ label: 'root', children: [{ label: 'a', children: [{ label: 7 }] }] }))?.path).toBe('/children/0/children/0/label');
  });

  it('checks the dialect the schema names with $schema: draft-07 ignores keywords beside $ref, 2020-12 does not', () => {
    const body = { definitions: { code: { type: 'string' } }, type: 'object', properties: { code: { $ref: '#/definitions/code', maxLength: 2 } } };
    const value = structured({ code: 'ABCD' });
    expect(checkToolOutput(toolWith({ $schema: 'http://json-schema.org/draft-07/schema#', ...body }), value)).toBeUndefined();
    expect(checkToolOutput(toolWith(body), value)?.path).toBe('/code');
    expect(checkToolOutput(toolWith({ $schema: 'http://json-schema.org/draft-07/schema#', ...body }), structured({ code: 7 }))?.path).toBe('/code');
  });

  it('refuses a $ref to another document without fetching it', () => {
    const fetchSpy = spyOn(globalThis, 'fetch').and.callThrough();
    const schema: JsonSchema = { type: 'object', properties: { owner: { $ref: 'https://schemas.example.com/person.json' } } };
    const error = checkToolOutput(toolWith(schema), structured({ owner: { name: 'Ada' } }));
    expect(error?.reason).toBe('unusable-schema');
    expect(error?.message).toBe(
      'Tool "weather" declares an outputSchema that cannot be checked: its $ref "https://schemas.example.com/person.json" points to another document, which is never fetched',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a local $ref that points to nothing, and a dialect it does not support', () => {
    const dangling = checkToolOutput(toolWith({ properties: { a: { $ref: '#/$defs/missing' } } }), structured({ a: 1 }));
    expect(dangling?.message).toContain('its $ref "#/$defs/missing" points to nothing in the schema');
    const draft3 = checkToolOutput(toolWith({ $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' }), structured({}));
    expect(draft3?.reason).toBe('unusable-schema');
    expect(draft3?.message).toContain('names a dialect that is not supported');
  });

  it('refuses a schema past its size bound instead of checking it', () => {
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'object', properties: { x: deep } } as JsonSchema;
    expect(checkToolOutput(toolWith(deep), structured({}))?.message).toContain('deeper than 128 levels');
  });

  it('leaves the tool definition untouched (a frozen schema works) and compiles once per tool definition object', () => {
    const cloned = spyOn(globalThis, 'structuredClone').and.callThrough();
    const tool = deepFreeze(toolWith(structuredClone(weatherSchema)));
    cloned.calls.reset();
    expect(checkToolOutput(tool, structured({ city: 'Oslo', temperature: 1 }))).toBeUndefined();
    expect(checkToolOutput(tool, structured({ city: 'Oslo', temperature: 'x' }))?.path).toBe('/temperature');
    expect(cloned).toHaveBeenCalledTimes(1);
    const relisted = toolWith(weatherSchema);
    expect(checkToolOutput(relisted, structured({ city: 'Oslo', temperature: 2 }))).toBeUndefined();
    expect(cloned).toHaveBeenCalledTimes(2);
  });
});

describe('outputValidator', () => {
  const bad = structured({ city: 'Oslo' });

  it("throws OutputSchemaError in 'error' mode (the default)", () => {
    expect(() => outputValidator()(toolWith(weatherSchema), bad)).toThrowMatching((error) => OutputSchemaError.is(error) && error.path === '');
    expect(() => outputValidator({ mode: 'error' })(toolWith(weatherSchema), structured({ city: 'Oslo', temperature: 1 }))).not.toThrow();
  });

  it("reports and does not throw in 'diagnostic' mode", () => {
    const reported: OutputSchemaError[] = [];
    const check = outputValidator({ mode: 'diagnostic', report: (error) => reported.push(error) });
    expect(() => check(toolWith(weatherSchema), bad)).not.toThrow();
    expect(reported.map((error) => error.reason)).toEqual(['mismatch']);
  });

  it("checks nothing in 'off' mode, not even a schema that cannot be used", () => {
    const report = jasmine.createSpy('report');
    const check = outputValidator({ mode: 'off', report });
    expect(() => check(toolWith({ $ref: 'https://schemas.example.com/x.json' }), bad)).not.toThrow();
    expect(report).not.toHaveBeenCalled();
  });
});
