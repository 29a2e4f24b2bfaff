import * as universal from '../src/index.js';
import * as testing from '../src/testing/index.js';

describe('public entry points', () => {
  it('rxmcp exports exactly the documented names', () => {
    expect(Object.keys(universal).sort()).toEqual([
      'ConnectionClosedError', 'DEFAULT_MAX_MESSAGE_BYTES', 'DEFAULT_REQUEST_TIMEOUT', 'JSONRPC_ERROR_CODES', 'JsonRpcErrorObjectSchema',
      'JsonRpcErrorResponseSchema', 'JsonRpcMessageSchema', 'JsonRpcNotificationSchema', 'JsonRpcRequestSchema',
      'JsonRpcSuccessSchema', 'McpAbortError', 'McpError', 'MessageTooLargeError', 'ParseError', 'RequestIdSchema', 'RequestTimeoutError',
      'RpcError', 'SchemaError', 'TransportError', 'UnsupportedMethodError', 'classifyMessage', 'createSession',
      'inMemoryPair', 'splitBatch', 'withTimeouts',
    ]);
  });

  it('rxmcp/testing exports the frame builders and the marble transport', () => {
    expect(Object.keys(testing).sort()).toEqual(['err', 'frame', 'isBuiltFrame', 'malformed', 'marbleTransport', 'note', 'req', 'res']);
  });
});
