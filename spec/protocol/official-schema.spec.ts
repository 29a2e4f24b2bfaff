import { validateAgainstOfficialSchema } from '../helpers/official-schema.js';

const CLIENT_INFO = { name: 'c', version: '1' };

describe('validateAgainstOfficialSchema', () => {
  it('accepts a valid 2024-11-05 initialize request (draft-07 schema)', () => {
    const params = { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: CLIENT_INFO };
    const frame = { jsonrpc: '2.0', id: 1, method: 'initialize', params };
    expect(validateAgainstOfficialSchema('2024-11-05', frame)).toEqual([]);
  });

  it('reports a 2024-11-05 initialize request without clientInfo', () => {
    const frame = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {} } };
    const errors = validateAgainstOfficialSchema('2024-11-05', frame);
    expect(errors.length).toBe(1);
    expect(errors[0]).toContain('clientInfo');
  });

  it('accepts a valid 2026-07-28 tools/call request (2020-12 schema)', () => {
    const _meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const frame = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { _meta, name: 'echo', arguments: { text: 'hi' } } };
    expect(validateAgainstOfficialSchema('2026-07-28', frame)).toEqual([]);
  });

  it('reports a 2026-07-28 tools/call request without the required _meta', () => {
    const frame = { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo' } };
    expect(validateAgainstOfficialSchema('2026-07-28', frame).join('\n')).toContain("'_meta'");
  });

  it('picks the result type of a response from the request method', () => {
    const good = { jsonrpc: '2.0', id: 1, result: { roots: [{ uri: 'file:///a' }] } };
    expect(validateAgainstOfficialSchema('2025-06-18', good, { method: 'roots/list' })).toEqual([]);
    const bad = { jsonrpc: '2.0', id: 1, result: { roots: [{ name: 'no uri' }] } };
    expect(validateAgainstOfficialSchema('2025-06-18', bad, { method: 'roots/list' }).join('\n')).toContain('/result/roots/0');
    expect(validateAgainstOfficialSchema('2025-06-18', good)).toEqual(['/ a response needs options.method to pick its result type']);
  });

  it('validates notifications, error responses and named types', () => {
    expect(validateAgainstOfficialSchema('2025-11-25', { jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
    expect(validateAgainstOfficialSchema('2025-03-26', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } })).toEqual([]);
    expect(validateAgainstOfficialSchema('2025-03-26', { jsonrpc: '2.0', id: 1, error: { code: 'x' } })).not.toEqual([]);
    expect(validateAgainstOfficialSchema('2026-07-28', { uri: 'file:///a' }, { type: 'Root' })).toEqual([]);
    const unknownType = validateAgainstOfficialSchema('2026-07-28', { uri: 'file:///a' }, { type: 'NoSuchType' });
    expect(unknownType).toEqual(['/ has no official type NoSuchType']);
  });

  it('reports a method the revision does not define', () => {
    const frame = { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} };
    expect(validateAgainstOfficialSchema('2025-11-25', frame)).toEqual(['/ has no official message server/discover']);
  });
});
