import {
  checkToolHeaders,
  encodeHeaderValue,
  paramHeaderValue,
  partitionToolsByHeaders,
  routingHeaders,
} from '../../src/protocol/routing-headers.js';

const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 't',
  inputSchema: { type: 'object', properties, ...extra },
});

function decodeSentinel(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  if (match === null) throw new Error(`not a sentinel: ${value}`);
  const binary = atob(match[1] ?? '');
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

describe('routing headers (2026-07-28)', () => {
  describe('encodeHeaderValue', () => {
    it('sends plain visible ASCII as it is, inner spaces included', () => {
      expect(encodeHeaderValue('us-west1')).toBe('us-west1');
      expect(encodeHeaderValue('file:///tmp/a b.txt')).toBe('file:///tmp/a b.txt');
    });

    it('wraps non-ASCII text as Base64 of its UTF-8 bytes', () => {
      expect(encodeHeaderValue('Zürich')).toBe('=?base64?WsO8cmljaA==?=');
      expect(decodeSentinel(encodeHeaderValue('日本語 🚀'))).toBe('日本語 🚀');
    });

    it('wraps control characters, leading or trailing whitespace and the empty string', () => {
      for (const value of ['line\nbreak', 'cr\r', 'tab\there', ' leading', 'trailing ', '']) {
        const encoded = encodeHeaderValue(value);
        expect(encoded).toMatch(/^=\?base64\?[A-Za-z0-9+/=]*\?=$/);
        expect(decodeSentinel(encoded)).toBe(value);
      }
    });

    it('wraps a value that already has the sentinel form, so it cannot be mistaken for one', () => {
      expect(encodeHeaderValue('=?base64?SGk=?=')).toBe(`=?base64?${btoa('=?base64?SGk=?=')}?=`);
      expect(encodeHeaderValue('=?base64?only-start')).toBe('=?base64?only-start');
    });
  });

  describe('paramHeaderValue', () => {
    it('converts strings, integers and booleans', () => {
      expect(paramHeaderValue('eu')).toBe('eu');
      expect(paramHeaderValue(42)).toBe('42');
      expect(paramHeaderValue(-7)).toBe('-7');
      expect(paramHeaderValue(true)).toBe('true');
      expect(paramHeaderValue(false)).toBe('false');
    });

    it('gives no value for null, absent, unsafe integers, non-finite numbers and structures', () => {
      for (const value of [null, undefined, 2 ** 53, -(2 ** 53), Number.NaN, Infinity, {}, ['a']]) {
        expect(paramHeaderValue(value)).toBeUndefined();
      }
      expect(paramHeaderValue(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    });
  });

  describe('routingHeaders', () => {
    it('names the method on every message, and the target of tools/call, prompts/get and resources/read', () => {
      const call = (method: string, params?: Record<string, unknown>) =>
        routingHeaders({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
      expect(call('tools/list')).toEqual({ 'Mcp-Method': 'tools/list' });
      expect(call('tools/call', { name: 'get_weather' })).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_weather' });
      expect(call('prompts/get', { name: 'greet' })).toEqual({ 'Mcp-Method': 'prompts/get', 'Mcp-Name': 'greet' });
      expect(call('resources/read', { uri: 'file:///café.txt' })).toEqual({
        'Mcp-Method': 'resources/read',
        'Mcp-Name': encodeHeaderValue('file:///café.txt'),
      });
      expect(call('tasks/get', { taskId: 'task-9' })['Mcp-Name']).toBe('task-9');
      expect(routingHeaders({ jsonrpc: '2.0', method: 'notifications/progress' })).toEqual({
        'Mcp-Method': 'notifications/progress',
      });
    });

    it('adds one Mcp-Param-* header per annotated argument that is present and not null', () => {
      const annotated = tool({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
        options: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
        note: { type: 'string', 'x-mcp-header': 'Note' },
      });
      const message = {
        jsonrpc: '2.0' as const,
        id: 2,
        method: 'tools/call',
        params: { name: 't', arguments: { region: 'Zürich', priority: 3, dryRun: false, options: { tenant: 'acme' }, note: null } },
      };
      expect(routingHeaders(message, annotated)).toEqual({
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 't',
        'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
        'Mcp-Param-Priority': '3',
        'Mcp-Param-Dry-Run': 'false',
        'Mcp-Param-Tenant': 'acme',
      });
    });

    it('adds no Mcp-Param-* header for a tool whose annotations are invalid', () => {
      const invalid = tool({ size: { type: 'number', 'x-mcp-header': 'Size' } });
      const message = { jsonrpc: '2.0' as const, id: 3, method: 'tools/call', params: { name: 't', arguments: { size: 1 } } };
      expect(routingHeaders(message, invalid)).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 't' });
    });
  });

  describe('checkToolHeaders', () => {
    it('accepts annotations on string, integer and boolean properties reached through properties', () => {
      const check = checkToolHeaders(
        tool({ a: { type: 'object', properties: { b: { type: 'integer', 'x-mcp-header': 'B' } } } }),
      );
      expect(check).toEqual({ valid: true, bindings: [{ header: 'Mcp-Param-B', path: ['a', 'b'], type: 'integer' }] });
      expect(checkToolHeaders({ name: 'plain' })).toEqual({ valid: true, bindings: [] });
    });

    it('ignores annotation-like data (defaults, enums) and a property that is merely named x-mcp-header', () => {
      const check = checkToolHeaders(
        tool({ 'x-mcp-header': { type: 'string' }, cfg: { type: 'object', default: { 'x-mcp-header': 'Nope' } } }),
      );
      expect(check.valid).toBe(true);
    });

    const invalidCases: [string, { name: string; inputSchema: Record<string, unknown> }, string][] = [
      ['on a number property', tool({ n: { type: 'number', 'x-mcp-header': 'N' } }), 'string, integer or boolean'],
      ['on an untyped property', tool({ n: { 'x-mcp-header': 'N' } }), 'string, integer or boolean'],
      ['on an object property', tool({ o: { type: 'object', 'x-mcp-header': 'O' } }), 'string, integer or boolean'],
      ['empty', tool({ s: { type: 'string', 'x-mcp-header': '' } }), 'non-empty string'],
      ['not a string', tool({ s: { type: 'string', 'x-mcp-header': 7 } }), 'non-empty string'],
      ['with a space', tool({ s: { type: 'string', 'x-mcp-header': 'My Header' } }), 'HTTP token'],
      ['with a colon', tool({ s: { type: 'string', 'x-mcp-header': 'A:B' } }), 'HTTP token'],
      ['with CR LF', tool({ s: { type: 'string', 'x-mcp-header': 'A\r\nB' } }), 'HTTP token'],
      [
        'duplicated case-insensitively',
        tool({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'REGION' } }),
        'declared twice',
      ],
      ['under items', tool({ list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } }), 'only allowed'],
      ['under anyOf', tool({}, { anyOf: [{ properties: { s: { type: 'string', 'x-mcp-header': 'S' } } }] }), 'only allowed'],
      ['under oneOf', tool({ u: { oneOf: [{ type: 'string', 'x-mcp-header': 'U' }] } }), 'only allowed'],
      ['under allOf', tool({}, { allOf: [{ properties: { s: { type: 'string', 'x-mcp-header': 'S' } } }] }), 'only allowed'],
      ['under not', tool({ s: { type: 'string', not: { type: 'string', 'x-mcp-header': 'S' } } }), 'only allowed'],
      ['under if/then', tool({}, { if: {}, then: { properties: { s: { type: 'string', 'x-mcp-header': 'S' } } } }), 'only allowed'],
      ['under $defs', tool({ r: { $ref: '#/$defs/R' } }, { $defs: { R: { type: 'string', 'x-mcp-header': 'R' } } }), 'only allowed'],
      [
        'under additionalProperties',
        tool({}, { additionalProperties: { type: 'string', 'x-mcp-header': 'A' } }),
        'only allowed',
      ],
      ['on the root schema', { name: 't', inputSchema: { type: 'object', 'x-mcp-header': 'Root' } }, 'only allowed'],
    ];
    for (const [label, badTool, reason] of invalidCases) {
      it(`rejects an annotation ${label}`, () => {
        const check = checkToolHeaders(badTool);
        expect(check.valid).toBe(false);
        expect(check.valid ? '' : check.reason).toContain(reason);
      });
    }
  });

  describe('partitionToolsByHeaders', () => {
    it('keeps the valid tools and reports each dropped tool with its reason', () => {
      const good = { name: 'good', inputSchema: { type: 'object', properties: { s: { type: 'string', 'x-mcp-header': 'S' } } } };
      const plain = { name: 'plain', inputSchema: { type: 'object' } };
      const bad = { name: 'bad', inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } };
      const { valid, invalid } = partitionToolsByHeaders([good, bad, plain]);
      expect(valid).toEqual([good, plain]);
      expect(invalid.length).toBe(1);
      expect(invalid[0]?.tool).toBe(bad);
      expect(invalid[0]?.reason).toContain('n: x-mcp-header');
    });
  });
});

describe('checkToolHeaders on deeply nested schemas', () => {
  const nested = (depth: number, wrap: (inner: unknown) => unknown): unknown => {
    let node: unknown = {};
    for (let i = 0; i < depth; i += 1) node = wrap(node);
    return node;
  };

  it('refuses a schema nested deeper than 64 levels through arrays, as through objects, instead of overflowing the stack', () => {
    const throughArrays = { name: 't', inputSchema: { type: 'object', anyOf: nested(100_000, (inner) => [inner]) } };
    expect(checkToolHeaders(throughArrays)).toEqual({ valid: false, reason: 'inputSchema nests deeper than 64 levels' });
    const throughObjects = { name: 't', inputSchema: { type: 'object', not: nested(100_000, (inner) => ({ not: inner })) } };
    expect(checkToolHeaders(throughObjects)).toEqual({ valid: false, reason: 'inputSchema nests deeper than 64 levels' });
  });
});
