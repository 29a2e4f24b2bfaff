import * as universal from '../src/index.js';
import * as testing from '../src/testing/index.js';

describe('public entry points', () => {
  it('rxmcp exports exactly the documented names', () => {
    expect(Object.keys(universal).sort()).toEqual([
      'AuthError', 'ClientGroupError', 'ConnectTimeoutError', 'ConnectionClosedError', 'DEFAULT_CLIENT_INFO', 'DEFAULT_CONNECT_TIMEOUT_MS',
      'DEFAULT_MAX_MESSAGE_BYTES', 'DEFAULT_REQUEST_TIMEOUT',
      'HeaderMismatchError', 'InputRequiredError', 'JSONRPC_ERROR_CODES', 'JsonRpcErrorObjectSchema',
      'JsonRpcErrorResponseSchema', 'JsonRpcMessageSchema', 'JsonRpcNotificationSchema', 'JsonRpcRequestSchema',
      'JsonRpcSuccessSchema', 'LATEST_LEGACY_PROTOCOL_VERSION', 'LATEST_PROTOCOL_VERSION', 'MCP_ERROR_CODES',
      'MCP_WEBSOCKET_SUBPROTOCOL', 'McpAbortError', 'McpError', 'MessageTooLargeError', 'MethodNotFoundError',
      'MissingRequiredClientCapabilityError', 'NegotiationError', 'OutputSchemaError', 'PaginationError', 'ParseError', 'RequestIdSchema',
      'RequestTimeoutError', 'ResourceNotFoundError', 'ResponseStreamEndedError', 'RpcError', 'SUPPORTED_PROTOCOL_VERSIONS', 'SchemaError',
      'SessionExpiredError', 'SessionLostError', 'TransportError', 'UnsupportedMethodError', 'UnsupportedProtocolVersionError',
      'UrlElicitationRequiredError', 'WebSocketCloseError',
      'TASKS_EXTENSION', 'TaskCancelledError', 'TaskFailedError', 'DEFAULT_TASK_POLL_INTERVAL_MS', 'MIN_TASK_POLL_INTERVAL_MS', 'PUSHED_TASK_POLL_INTERVAL_MS', 'browserRedirect', 'checkToolHeaders', 'classifyMessage', 'completePopupRedirect', 'connectWithin', 'createClient', 'createClientGroup', 'createSession', 'multiplex',
      'encodeHeaderValue', 'fromSdkTransport', 'toSdkTransport',
      'hasCapability', 'headlessRedirect', 'httpTransport', 'inMemoryPair', 'isContentOfType', 'isInputRequiredResult', 'isModernVersion',
      'isTextResourceContents', 'isUrlElicitation', 'legacySse', 'memoryStorage', 'oauth', 'paramHeaderValue', 'partitionToolsByHeaders', 'pickVersion', 'popupRedirect',
      'routingHeaders', 'rpcErrorFrom', 'checkToolOutput', 'outputValidator', 'sdkOAuth', 'settle', 'splitBatch', 'streamableHttp', 'toAsyncClient', 'toolDisplayName', 'webSocket', 'webStorage',
      'withTimeouts',
      // links around every call
      'isRetryable', 'retryDelay', 'retryLink',
      // the transport registry
      'URL_TRANSPORTS', 'remoteKindNamed', 'remoteKindOfUrl', 'urlTransport',
      // waits on a person, lost requests
      'DEFAULT_HUMAN_WAIT_MS', 'HumanWaitTimeoutError', 'OutcomeUnknownError',
      // tool hints and approval, health
      'DEFAULT_HEALTH_TIMEOUT_MS', 'DEFAULT_TOOL_HINTS', 'ToolCallDeniedError', 'hintsOf', 'unlessReadOnly',
      // the agent glue
      'DEFAULT_MAX_TOOLS', 'DEFAULT_MAX_TOOL_MEDIA_BYTES', 'DEFAULT_MAX_TOOL_NAME_LENGTH', 'DEFAULT_MAX_TOOL_TEXT_CHARS',
      'DEFAULT_TOOL_NAME_SEPARATOR', 'ModelEndpointError', 'PROVIDER_TOOL_NAME', 'SAMPLING_REJECTED_CODE', 'advertiseTools',
      'agentLoop', 'anthropicTool', 'assignToolNames', 'chatCompletion', 'describeTools', 'isToolCallDenied',
      'normalizeInputSchema', 'openAiChatTool', 'openAiResponsesTool', 'openAiSampling', 'qualifiedToolName',
      'sanitizeToolName', 'shortHash', 'toAnthropicToolResult', 'toAnthropicTools', 'toOpenAiChatToolMessages',
      'toOpenAiChatTools', 'toOpenAiResponsesToolOutput', 'toOpenAiResponsesTools', 'toolOutput', 'truncateMiddle',
    ].sort());
  });

  it('rxmcp/ai exports the Vercel AI SDK tool set (live and as a Promise) and its result mapper', async () => {
    const ai = await import('../src/ai/index.js');
    expect(Object.keys(ai).sort()).toEqual(['aiToolOutput', 'aiToolSet', 'aiTools']);
  });

  it('rxmcp/testing exports the frame builders, the marble transport, the testing controller, the marble scheduler, the era helpers and the fixtures', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'DEFAULT_TESTING_CAPABILITIES', 'DEFAULT_TESTING_SERVER_INFO', 'DEFAULT_TEST_CACHE_HINTS', 'ExpectationFailedError', 'PARITY_REVISIONS', 'TASK_TESTING_CAPABILITIES', 'TestScriptError', 'audio',
      'createMarbleScheduler', 'createTestingController', 'eachEra', 'elicitForm', 'elicitUrl', 'embeddedText', 'eraCase', 'err', 'failed', 'frame', 'image',
      'isBuiltFrame', 'itInEachEra', 'listRoots',
      'malformed', 'marbleTransport', 'note', 'oversized', 'prompt', 'promptResult', 'req', 'res', 'resource', 'resourceContents', 'resourceLink',
      'resourceTemplate', 'runWithServer', 'sampleMessage', 'servePrompts', 'serveResourceContents', 'serveResourceTemplates', 'serveResources', 'serveTasks', 'serveTools',
      'slowTool', 'structuredResult', 'text', 'tool', 'toolError', 'toolResult',
    ]);
  });
});
