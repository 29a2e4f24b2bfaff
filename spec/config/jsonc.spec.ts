import { parseJsonc, stripJsonc } from '../../src/config/jsonc.js';
import { ConfigError } from '../../src/config/types.js';

describe('parseJsonc', () => {
  it('reads line and block comments and trailing commas, keeping comment markers inside strings', () => {
    const text = [
      '{',
      '  // the servers',
      '  "servers": { /* one */ "a": { "url": "http://x//y", "args": ["/*", "//"], }, },',
      '}',
    ].join('\n');
    expect(parseJsonc(text)).toEqual({ servers: { a: { url: 'http://x//y', args: ['/*', '//'] } } });
  });

  it('keeps escaped quotes inside strings and a byte order mark out', () => {
    expect(parseJsonc('\ufeff{"a": "say \\"hi\\" // not a comment",}')).toEqual({ a: 'say "hi" // not a comment' });
  });

  it('keeps every other character in place, so error positions point into the original text', () => {
    const text = '{ /* c */ "a": 1, }';
    expect(stripJsonc(text).length).toBe(text.length);
    expect(stripJsonc(text).indexOf('"a"')).toBe(text.indexOf('"a"'));
  });

  it('names the file, line and column of a syntax error', () => {
    let error: unknown;
    try {
      parseJsonc('{\n  "a": 1,\n  "b": ]\n}', 'mcp.json');
    } catch (caught) {
      error = caught;
    }
    expect(ConfigError.is(error)).toBeTrue();
    expect((error as ConfigError).message).toMatch(/^mcp\.json(:3:\d+)?: not valid JSON/);
    expect((error as ConfigError).file).toBe('mcp.json');
  });
});
