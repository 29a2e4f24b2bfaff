import { SchemaForm } from '../../../examples/dashboard/src/view/schema-form.js';
import { shapeOf, type Schema } from '../../../examples/dashboard/src/view/schema-shape.js';

const SCHEMA: Schema = {
  type: 'object',
  properties: {
    zip: { type: 'string' },
    quote: { type: 'string' },
    unit: { type: 'string', enum: ['metric', 'imperial'] },
    level: { oneOf: [{ const: 1, title: 'low' }, { const: 2, title: 'high' }] },
    note: { type: ['string', 'null'] },
    limit: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    place: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
    tags: { type: 'array', items: { type: 'string' } },
    filter: { oneOf: [{ type: 'string' }, { type: 'object' }] },
    node: { $ref: '#/$defs/node' },
  },
  required: ['zip'],
  $defs: { node: { type: 'object', properties: { name: { type: 'string' } } } },
};

const VALUE = {
  zip: '007',
  quote: 'he said "hi" \\ then left',
  unit: 'imperial',
  level: 2,
  note: null,
  limit: 5,
  place: { city: 'Oslo', days: 3 },
  tags: ['a', 'b'],
  filter: { op: 'eq', value: '"x"' },
  node: { name: 'n' },
};

/** Puts `value` into the form through its JSON mode, as a user pasting arguments would. */
function formWith(value: unknown): SchemaForm {
  const form = new SchemaForm(SCHEMA, () => undefined);
  form.setMode('json');
  form.jsonText = JSON.stringify(value);
  form.setMode('form');
  return form;
}

describe('dashboard tool form (examples/dashboard)', () => {
  it('classifies enums, titled consts, nullable fields, nested objects, arrays, local $refs and a raw JSON fallback', () => {
    const kinds = Object.fromEntries(Object.entries(SCHEMA.properties ?? {}).map(([name, schema]) => {
      const shape = shapeOf(schema, SCHEMA);
      return [name, `${shape.kind}${shape.nullable ? '?' : ''}`];
    }));
    expect(kinds).toEqual({
      zip: 'string', quote: 'string', unit: 'enum', level: 'enum', note: 'string?', limit: 'integer?', place: 'object',
      tags: 'array', filter: 'json', node: 'object',
    });
  });

  it('gives back exactly what was put in: strings stay strings, raw JSON is parsed once and never re-escaped', () => {
    const form = formWith(VALUE);
    expect(form.mode).toBe('form');
    expect(form.collect()).toEqual({ value: VALUE, errors: [] });
    // Round trips between the form and the JSON view change nothing.
    form.setMode('json');
    expect(JSON.parse(form.jsonText)).toEqual(VALUE);
    form.setMode('form');
    form.setMode('json');
    form.setMode('form');
    expect(form.collect().value).toEqual(VALUE);
  });

  it('leaves out optional fields left empty and names a missing required one', () => {
    const form = new SchemaForm(SCHEMA, () => undefined);
    expect(form.collect()).toEqual({ value: {}, errors: ['zip is required'] });
  });

  it('keeps the form when the JSON is not valid, and says why', () => {
    const form = new SchemaForm(SCHEMA, () => undefined);
    form.setMode('json');
    form.jsonText = '{"zip": ';
    form.setMode('form');
    expect(form.mode).toBe('json');
    expect(form.errors[0]).toMatch(/^Not valid JSON/);
  });
});
