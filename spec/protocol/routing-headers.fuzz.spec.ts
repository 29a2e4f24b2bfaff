import * as fc from 'fast-check';
import { checkToolHeaders, encodeHeaderValue, paramHeaderValue, routingHeaders } from '../../src/protocol/routing-headers.js';
import { fuzzParams, unicodeText } from '../helpers/fuzz.js';

/** How a server reads `Mcp-Name` / `Mcp-Param-*` back (the 2026-07-28 value encoding). */
function decodeHeaderValue(value: string): string {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (match === null) return value;
  const binary = atob(match[1] ?? '');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * Whether an argument is sent as a header (CLIENT-DIGEST, value encoding and `x-mcp-header`): strings, booleans and
 * integers within ±(2^53 − 1); `null`, absent values and objects are omitted. (Finite fractions, which the digest
 * does not name, are sent in decimal by the client too.)
 */
function hasHeaderForm(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Math.abs(value) <= Number.MAX_SAFE_INTEGER);
}

/** A legal HTTP field value that no HTTP stack changes: visible ASCII, inner spaces, no leading or trailing blank. */
const FIELD_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** Strings as tool arguments carry them: any code points, controls, blanks at the ends, and sentinel look-alikes. */
const headerText = fc.oneof(
  unicodeText(30),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\r', '\n', 'a', '=', '?', 'é', '\u0000', '\u007f'), maxLength: 12 }),
  unicodeText(10).map((inner) => `=?base64?${inner}?=`),
);

describe('routing header values (property)', () => {
  it('encodes every string as a field value that survives Headers unchanged and decodes back to the string', () => {
    fc.assert(
      fc.property(headerText, (text) => {
        const encoded = encodeHeaderValue(text);
        throwUnless(encoded).toMatch(FIELD_VALUE);
        throwUnless(new Headers({ 'Mcp-Name': encoded }).get('Mcp-Name')).toBe(encoded);
        throwUnless(decodeHeaderValue(encoded)).toBe(text);
      }),
      fuzzParams(1000),
    );
  });

  it('gives integers in decimal, booleans as true/false, and no header for what has no header form', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.boolean(), fc.double(), fc.constant(null), fc.jsonValue({ maxDepth: 1 })), (value) => {
        const header = paramHeaderValue(value);
        if (typeof value === 'boolean') throwUnless(header).toBe(String(value));
        else if (typeof value === 'number' && Number.isSafeInteger(value)) throwUnless(Number(header)).toBe(value === 0 ? 0 : value);
        else if (typeof value === 'string') throwUnless(decodeHeaderValue(header ?? '')).toBe(value);
        else if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value)) throwUnless(Number(header)).toBe(value);
        else throwUnless(header).toBeUndefined();
        if (header !== undefined) throwUnless(header).toMatch(FIELD_VALUE);
      }),
      fuzzParams(500),
    );
  });
});

/** A tool with annotated properties at the root and one level down, and arguments that may or may not fit. */
const annotatedCall = fc
  .uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,8}$/), { minLength: 1, maxLength: 4, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() })
  .chain((headers) =>
    fc.record({
      headers: fc.constant(headers),
      types: fc.tuple(...headers.map(() => fc.constantFrom('string', 'integer', 'boolean'))),
      nested: fc.tuple(...headers.map(() => fc.boolean())),
      values: fc.tuple(...headers.map(() => fc.oneof(headerText, fc.integer(), fc.maxSafeInteger(), fc.constantFrom(2 ** 53, -(2 ** 53), 1e21), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue({ maxDepth: 1 })))),
      name: headerText,
    }));

describe('routingHeaders for annotated tools (property)', () => {
  it('sends Mcp-Name and one Mcp-Param header per present argument, each decoding to the argument', () => {
    fc.assert(
      fc.property(annotatedCall, ({ headers, types, nested, values, name }) => {
        const properties: Record<string, unknown> = {};
        const args: Record<string, unknown> = {};
        headers.forEach((header, index) => {
          const property = { type: types[index], 'x-mcp-header': header };
          const key = `p${index}`;
          if (nested[index]) {
            properties[key] = { type: 'object', properties: { inner: property } };
            args[key] = { inner: values[index] };
          } else {
            properties[key] = property;
            args[key] = values[index];
          }
        });
        const tool = { name, inputSchema: { type: 'object', properties } };
        throwUnless(checkToolHeaders(tool).valid).toBeTrue();
        const sent = routingHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: JSON.parse(JSON.stringify(args)) as unknown } }, tool);
        throwUnless(decodeHeaderValue(sent['Mcp-Name'] ?? '')).toBe(name);
        const sentArgs = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
        headers.forEach((header, index) => {
          const at = sentArgs[`p${index}`];
          const argument = nested[index] ? (at as Record<string, unknown>)['inner'] : at;
          const value = sent[`Mcp-Param-${header}`];
          if (!hasHeaderForm(argument)) {
            throwUnless(value).withContext(header).toBeUndefined();
            return;
          }
          throwUnless(value).withContext(header).toBeDefined();
          const decoded = decodeHeaderValue(value ?? '');
          if (typeof argument === 'number' && !Number.isInteger(argument)) throwUnless(Number(decoded)).withContext(header).toBe(argument);
          else throwUnless(decoded).withContext(header).toBe(typeof argument === 'string' ? argument : String(argument));
        });
        for (const value of Object.values(sent)) throwUnless(value).toMatch(FIELD_VALUE);
      }),
      fuzzParams(300),
    );
  });

  it('never throws on arbitrary schemas and arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (inputSchema, args) => {
        const tool = { name: 't', inputSchema };
        const check = checkToolHeaders(tool);
        throwUnless(typeof check.valid).toBe('boolean');
        const sent = routingHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: args } }, tool);
        throwUnless(sent['Mcp-Method']).toBe('tools/call');
      }),
      fuzzParams(300),
    );
  });
});
