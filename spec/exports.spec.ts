import * as universal from '../src/index.js';
import * as testing from '../src/testing/index.js';

describe('public entry points', () => {
  it('rxmcp exports exactly the documented names', () => {
    expect(Object.keys(universal).sort()).toEqual([
      'AuthError', 'ConnectTimeoutError', 'ConnectionClosedError', 'DEFAULT_CLIENT_INFO', 'DEFAULT_CONNECT_TIMEOUT_MS',
      'DEFAULT_MAX_MESSAGE_BYTES', 'DEFAULT_REQUEST_TIMEOUT',
      'HeaderMismatchError', 'InputRequiredError', 'JSONRPC_ERROR_CODES', 'JsonRpcErrorObjectSchema',
      'JsonRpcErrorResponseSchema', 'JsonRpcMessageSchema', 'JsonRpcNotificationSchema', 'JsonRpcRequestSchema',
      'JsonRpcSuccessSchema', 'LATEST_LEGACY_PROTOCOL_VERSION', 'LATEST_PROTOCOL_VERSION', 'MCP_ERROR_CODES',
      'MCP_WEBSOCKET_SUBPROTOCOL', 'McpAbortError', 'McpError', 'MessageTooLargeError', 'MethodNotFoundError',
      'MissingRequiredClientCapabilityError', 'NegotiationError', 'PaginationError', 'ParseError', 'RequestIdSchema',
      'RequestTimeoutError', 'ResourceNotFoundError', 'ResponseStreamEndedError', 'RpcError', 'SUPPORTED_PROTOCOL_VERSIONS', 'SchemaError',
      'SessionExpiredError', 'SessionLostError', 'TransportError', 'UnsupportedMethodError', 'UnsupportedProtocolVersionError',
      'UrlElicitationRequiredError', 'WebSocketCloseError', 'browserRedirect', 'checkToolHeaders', 'classifyMessage', 'completePopupRedirect', 'connectWithin', 'createClient', 'createSession',
      'encodeHeaderValue',
      'hasCapability', 'headlessRedirect', 'httpTransport', 'inMemoryPair', 'isContentOfType', 'isInputRequiredResult', 'isModernVersion',
      'isTextResourceContents', 'isUrlElicitation', 'legacySse', 'memoryStorage', 'oauth', 'paramHeaderValue', 'partitionToolsByHeaders', 'pickVersion', 'popupRedirect',
      'routingHeaders', 'rpcErrorFrom', 'settle', 'splitBatch', 'streamableHttp', 'toAsyncClient', 'toolDisplayName', 'webSocket', 'webStorage',
      'withTimeouts',
    ]);
  });

  it('rxmcp/testing exports the frame builders and the marble transport', () => {
    expect(Object.keys(testing).sort()).toEqual(['err', 'failed', 'frame', 'isBuiltFrame', 'malformed', 'marbleTransport', 'note', 'oversized', 'req', 'res']);
  });
});
