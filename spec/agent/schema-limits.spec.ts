import { firstValueFrom, of } from 'rxjs';
import { MAX_SCHEMA_DEPTH, normalizeInputSchema } from '../../src/agent/schema.js';
import type { Tool } from '../../src/index.js';
import { toOpenAiChatTools, type AgentDiagnostic } from '../../src/agent/index.js';
import type { JsonSchema } from '../../src/protocol/model.js';

function nested(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i += 1) node = { not: node };
  return node;
}

describe('normalizeInputSchema on hostile schemas from a server', () => {
  it('does not overflow the stack on a schema nested 100 000 levels deep: it says the schema is unusable', () => {
    const normalized = normalizeInputSchema({ type: 'object', properties: { x: nested(100_000) } } as JsonSchema);
    expect(normalized.unusable).toBe(`its input schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
  });

  it('keeps a schema nested within the bound', () => {
    const normalized = normalizeInputSchema({ type: 'object', properties: { x: nested(MAX_SCHEMA_DEPTH - 2) } } as JsonSchema);
    expect(normalized.unusable).toBeUndefined();
  });

  it('leaves a tool whose schema nests too deep out of the advertised tools, with an unusable-schema diagnostic', async () => {
    const tools: Tool[] = [
      { name: 'deep', inputSchema: { type: 'object', properties: { x: nested(1000) } } as Tool['inputSchema'] },
      { name: 'fine', inputSchema: { type: 'object' } },
    ];
    const diagnostics: AgentDiagnostic[] = [];
    const set = await firstValueFrom(of(tools).pipe(toOpenAiChatTools({ onDiagnostic: (d) => diagnostics.push(d) })));
    expect(set.definitions.map((definition) => definition.function.name)).toEqual(['fine']);
    expect(diagnostics.map((d) => [d.kind, d.tools])).toEqual([['unusable-schema', ['deep']]]);
  });

  it('keeps the refs of 24 definitions that each refer twice to the next instead of inlining 2^24 nodes', () => {
    const count = 24;
    const defs: Record<string, unknown> = { [`d${count}`]: { type: 'string' } };
    for (let i = 0; i < count; i += 1) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    const started = Date.now();
    const { schema } = normalizeInputSchema({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs } as JsonSchema);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.stringify(schema).length).toBeLessThan(1_000_000);
    expect((schema['properties'] as Record<string, unknown>)['x']).toEqual({ $ref: '#/$defs/d0' });
    expect(Object.keys(schema['$defs'] as object).length).toBe(25);
  });

  it('says a schema is unusable, rather than throwing, when refs too many to inline sit beside a part nested too deep', () => {
    const count = 20;
    const defs: Record<string, unknown> = { [`d${count}`]: { type: 'string' } };
    for (let i = 0; i < count; i += 1) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
    const input = { type: 'object', properties: { x: { $ref: '#/$defs/d0' }, y: nested(70) }, $defs: defs } as JsonSchema;
    expect(normalizeInputSchema(input).unusable).toBe(`its input schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
  });

  it('keeps the refs of a chain of refs that only inlining makes too deep', () => {
    const count = 80;
    const defs: Record<string, unknown> = { [`d${count}`]: { type: 'string' } };
    for (let i = 0; i < count; i += 1) defs[`d${i}`] = { type: 'object', properties: { next: { $ref: `#/$defs/d${i + 1}` } } };
    const normalized = normalizeInputSchema({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs } as JsonSchema);
    expect(normalized.unusable).toBeUndefined();
    expect((normalized.schema['properties'] as Record<string, unknown>)['x']).toEqual({ $ref: '#/$defs/d0' });
  });
});
