import { decodeResult } from '../../src/protocol/codec.js';
import { plainResult } from '../../src/protocol/plain-results.js';
import { schemasFor } from '../../src/protocol/revision-schemas.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/versions.js';

/** What the revision's schema alone makes of a value: its decoded copy, or 'refused'. */
function bySchema(version: (typeof SUPPORTED_PROTOCOL_VERSIONS)[number], value: unknown): unknown {
  const schema = schemasFor(version).results['tools/call'];
  if (schema === undefined) throw new Error(`no tools/call result schema in ${version}`);
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : 'refused';
}

const known: Record<string, unknown>[] = [
  { content: [] },
  { content: [{ type: 'text', text: 'hello' }] },
  { content: [{ type: 'text', text: '' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], isError: true },
  { content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } },
  { content: [{ type: 'text', text: 'x' }], structuredContent: [1, 2], isError: false },
];

const unknownHere: Record<string, unknown>[] = [
  { content: [{ type: 'text', text: 'x', annotations: { priority: 1 } }] },
  { content: [{ type: 'text', text: 'x', _meta: {} }] },
  { content: [{ type: 'text', text: 7 }] },
  { content: [{ type: 'text' }] },
  { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] },
  { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] },
  { content: [{ type: 'image', data: 'AAAA' }] },
  { content: [null] },
  { content: [['text']] },
  { content: 'text' },
  {},
  { content: [], isError: 'yes' },
  { content: [], _meta: { 'io.modelcontextprotocol/serverInfo': 7 } },
  { content: [], extra: 1 },
];

describe('plainResult (the cheap check of common results)', () => {
  for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
    it(`decodes the shapes it knows as the ${version} schema does, as a fresh object and content array`, () => {
      for (const value of known) {
        const decoded = plainResult('tools/call', value);
        expect(decoded).withContext(JSON.stringify(value)).toEqual(bySchema(version, value) as Record<string, unknown>);
        expect(decoded).not.toBe(value);
        expect(decoded?.['content']).not.toBe(value['content']);
      }
    });
  }

  it('leaves every other shape, valid or not, to the schema', () => {
    for (const value of unknownHere) expect(plainResult('tools/call', value)).withContext(JSON.stringify(value)).toBeUndefined();
    expect(plainResult('prompts/get', { messages: [] })).toBeUndefined();
  });

  it('keeps decodeResult refusing what the schema refuses and accepting what it accepts', () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      for (const value of [...known, ...unknownHere]) {
        const schema = bySchema(version, value);
        const decoded = (() => {
          try {
            return decodeResult(version, 'tools/call', value);
          } catch {
            return 'refused';
          }
        })();
        expect(decoded === 'refused').withContext(`${version} ${JSON.stringify(value)}`).toBe(schema === 'refused');
      }
    }
  });
});
