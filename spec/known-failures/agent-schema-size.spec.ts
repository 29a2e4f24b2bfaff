import { normalizeInputSchema } from '../../src/agent/schema.js';
import type { JsonSchema } from '../../src/protocol/model.js';

// Known failures, kept out of `npm test` (see spec/known-failures/README.md).
describe('normalizeInputSchema on hostile schemas from a server', () => {
  it('does not overflow the stack on a schema nested 100 000 levels deep', () => {
    let node: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i += 1) node = { not: node };
    expect(() => normalizeInputSchema({ type: 'object', properties: { x: node } } as JsonSchema)).not.toThrow();
  });

  it('stays small and fast for 24 definitions that each refer twice to the next (no exponential inlining)', () => {
    const count = 24;
    const defs: Record<string, unknown> = { [`d${count}`]: { type: 'string' } };
    for (let i = 0; i < count; i += 1) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    const started = Date.now();
    const { schema } = normalizeInputSchema({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs } as JsonSchema);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.stringify(schema).length).toBeLessThan(1_000_000);
  });
});
