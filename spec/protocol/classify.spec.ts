import { splitBatch } from '../../src/protocol/classify.js';
import { JsonRpcMessageSchema, classifyMessage } from '../../src/protocol/index.js';

const valid: [string, unknown, string][] = [
  ['request with numeric id', { jsonrpc: '2.0', id: 1, method: 'ping' }, 'request'],
  ['request with string id and params', { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'x' } }, 'request'],
  ['notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'notification'],
  ['success', { jsonrpc: '2.0', id: 3, result: {} }, 'success'],
  ['error', { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'nope' } }, 'error'],
  ['error without id', { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }, 'error'],
  ['error with null id', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, 'error'],
  ['extra fields', { jsonrpc: '2.0', id: 1, result: {}, extra: true }, 'success'],
];

const invalid: [string, unknown, string][] = [
  ['a string', 'hello', 'a JSON-RPC message must be an object'],
  ['null', null, 'a JSON-RPC message must be an object'],
  ['an array', [], 'a JSON-RPC message must be an object'],
  ['wrong version', { jsonrpc: '1.0', id: 1, method: 'x' }, 'jsonrpc must be "2.0"'],
  ['numeric method', { jsonrpc: '2.0', id: 1, method: 7 }, 'method must be a string'],
  ['array params', { jsonrpc: '2.0', id: 1, method: 'x', params: [1] }, 'params must be an object'],
  ['null request id', { jsonrpc: '2.0', id: null, method: 'x' }, 'request id must be a string or an integer'],
  ['fractional id', { jsonrpc: '2.0', id: 1.5, result: {} }, 'response id must be a string or an integer'],
  ['both result and error', { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }, 'a response needs exactly one of result and error'],
  ['neither result nor error', { jsonrpc: '2.0', id: 1 }, 'a response needs exactly one of result and error'],
  ['non-object result', { jsonrpc: '2.0', id: 1, result: 5 }, 'result must be an object'],
  ['bad error object', { jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'y' } }, 'error must be an object with an integer code and a string message'],
];

describe('classifyMessage', () => {
  for (const [name, value, kind] of valid) {
    it(`accepts ${name} as ${kind}, agreeing with JsonRpcMessageSchema`, () => {
      expect(classifyMessage(value).kind).toBe(kind);
      expect(JsonRpcMessageSchema.safeParse(value).success).toBeTrue();
    });
  }
  for (const [name, value, reason] of invalid) {
    it(`rejects ${name} with a reason, without throwing`, () => {
      const result = classifyMessage(value);
      expect(result).toEqual({ kind: 'invalid', reason, value });
    });
  }
});

describe('splitBatch', () => {
  it('splits an inbound batch into its messages and wraps a single message', () => {
    const a = { jsonrpc: '2.0', method: 'a' };
    expect(splitBatch([a, a])).toEqual([a, a]);
    expect(splitBatch(a)).toEqual([a]);
  });
});
