import { classifyMessage } from '../../src/protocol/index.js';
import { messageKind } from '../../src/protocol/classify.js';

const values: [string, unknown][] = [
  ['request', { jsonrpc: '2.0', id: 1, method: 'ping' }],
  ['request with params', { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'x' } }],
  ['notification', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2 } }],
  ['success', { jsonrpc: '2.0', id: 3, result: { content: [] } }],
  ['error', { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'nope' } }],
  ['error with null id', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }],
  ['a number', 42],
  ['an array', [{ jsonrpc: '2.0', method: 'a' }]],
  ['wrong version', { jsonrpc: '2', method: 'a' }],
  ['numeric method', { jsonrpc: '2.0', method: 1 }],
  ['string params', { jsonrpc: '2.0', method: 'a', params: 'x' }],
  ['object id', { jsonrpc: '2.0', id: {}, method: 'a' }],
  ['fractional response id', { jsonrpc: '2.0', id: 0.5, result: {} }],
  ['fractional error id', { jsonrpc: '2.0', id: 0.5, error: { code: 1, message: 'x' } }],
  ['array result', { jsonrpc: '2.0', id: 1, result: [] }],
  ['error without message', { jsonrpc: '2.0', id: 1, error: { code: 1 } }],
  ['result and error', { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }],
];

describe('messageKind', () => {
  for (const [name, value] of values) {
    it(`sorts ${name} exactly as classifyMessage does`, () => {
      const classified = classifyMessage(value);
      expect(messageKind(value)).toBe(classified.kind === 'invalid' ? undefined : classified.kind);
    });
  }
});
