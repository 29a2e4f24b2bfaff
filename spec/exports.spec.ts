// The value exports of every universal entry, one snapshot each (rxmcp/node's is in spec/node/exports.spec.ts). A
// name added to or removed from an entry changes its public API: update the snapshot, docs/moved-names.md when a
// name moves, and the CHANGELOG.
import * as agent from '../src/agent/index.js';
import * as apps from '../src/apps/index.js';
import * as oauth from '../src/auth/index.js';
import * as universal from '../src/index.js';
import * as otel from '../src/otel/index.js';
import * as protocol from '../src/protocol/index.js';
import * as session from '../src/session/index.js';
import * as testing from '../src/testing/index.js';
import * as warm from '../src/warm/index.js';
import * as events from '../src/events/index.js';

/** The main entry stays small: a client needs this many values at most. */
const MAIN_ENTRY_LIMIT = 41;

describe('public entry points', () => {
  it('rxmcp exports the client, the typed tools wrapper, the universal transports, the links, the group and the errors a call ends with', () => {
    expect(Object.keys(universal).sort()).toEqual([
      // client
      'createClient', 'DEFAULT_CLIENT_INFO', 'toAsyncClient', 'toolDisplayName', 'unlessReadOnly', 'typedTools',
      // links
      'isRetryable', 'retryDelay', 'retryLink',
      // several servers as one
      'createClientGroup',
      // transports
      'httpTransport', 'inMemoryPair', 'legacySse', 'streamableHttp', 'webSocket',
      // errors
      'ClientGroupError', 'ConnectTimeoutError', 'ConnectionClosedError', 'HumanWaitTimeoutError', 'InputRequiredError', 'McpAbortError', 'McpError',
      'MessageTooLargeError', 'MethodNotFoundError', 'NegotiationError', 'OutcomeUnknownError', 'OutputSchemaError', 'PaginationError',
      'RequestTimeoutError', 'ResourceNotFoundError', 'RpcError', 'SchemaError', 'SessionExpiredError', 'SessionLostError', 'TaskCancelledError',
      'TaskFailedError', 'ToolCallDeniedError', 'TransportError', 'UnsupportedMethodError', 'UrlElicitationRequiredError', 'WebSocketCloseError',
    ].sort());
  });

  it(`rxmcp has at most ${MAIN_ENTRY_LIMIT} value exports`, () => {
    expect(Object.keys(universal).length).toBeLessThanOrEqual(MAIN_ENTRY_LIMIT);
  });

  it('rxmcp/agent exports the agent loops and their model providers, tool formats and names, tool results, hints, tool pinning, skill files, durable task handles and sampling through a model', () => {
    expect(Object.keys(agent).sort()).toEqual([
      'runAgent', 'openAiChatModel', 'openAiResponsesModel', 'anthropicModel', 'agentLoop', 'isToolCallDenied', 'DEFAULT_TOOL_HINTS', 'hintsOf',
      'readSkillFile', 'verifySkillFile', 'SkillVerificationError',
      'taskReference', 'parseTaskReference', 'TASK_REFERENCE_FORMAT', 'resumeTask', 'taskSession', 'TaskReferenceError', 'TaskNotFoundError',
      'toolPinning', 'toolDrift$', 'toolFingerprint', 'pinTools', 'PINNED_FIELDS', 'diffToolPins', 'describeDrift', 'memoryPinStore', 'ToolDriftError',
      'advertiseTools', 'describeTools', 'DEFAULT_MAX_TOOLS', 'toOpenAiChatTools', 'toOpenAiResponsesTools', 'toAnthropicTools', 'openAiChatTool',
      'openAiResponsesTool', 'anthropicTool', 'assignToolNames', 'sanitizeToolName', 'qualifiedToolName', 'PROVIDER_TOOL_NAME',
      'DEFAULT_MAX_TOOL_NAME_LENGTH', 'DEFAULT_TOOL_NAME_SEPARATOR', 'normalizeInputSchema',
      'toolOutput', 'DEFAULT_MAX_TOOL_TEXT_CHARS', 'DEFAULT_MAX_TOOL_MEDIA_BYTES', 'toOpenAiChatToolMessages', 'toOpenAiResponsesToolOutput',
      'toAnthropicToolResult',
      'chatCompletion', 'ModelEndpointError', 'openAiSampling', 'SAMPLING_REJECTED_CODE', 'anthropicSampling',
    ].sort());
  });

  it('rxmcp/protocol exports revisions, model guards, the JSON-RPC schemas, wire error codes and routing headers', () => {
    expect(Object.keys(protocol).sort()).toEqual([
      'SUPPORTED_PROTOCOL_VERSIONS', 'LATEST_PROTOCOL_VERSION', 'LATEST_LEGACY_PROTOCOL_VERSION', 'isModernVersion', 'pickVersion',
      'hasCapability', 'isContentOfType', 'isTextResourceContents', 'isUrlElicitation', 'isInputRequiredResult', 'TASKS_EXTENSION',
      'SKILLS_EXTENSION', 'DIRECTORY_MIME_TYPE', 'discoverServer', 'parseServerCard', 'ServerCardError',
      'outputValidator', 'checkToolOutput',
      'RequestIdSchema', 'JsonRpcRequestSchema', 'JsonRpcNotificationSchema', 'JsonRpcSuccessSchema', 'JsonRpcErrorObjectSchema',
      'JsonRpcErrorResponseSchema', 'JsonRpcMessageSchema', 'JSONRPC_ERROR_CODES', 'classifyMessage',
      'MCP_ERROR_CODES', 'UnsupportedProtocolVersionError', 'HeaderMismatchError', 'MissingRequiredClientCapabilityError', 'rpcErrorFrom',
      'routingHeaders', 'paramHeaderValue', 'checkToolHeaders', 'partitionToolsByHeaders',
    ].sort());
  });

  it('rxmcp/session exports the session and its multiplex operator, its timeouts, the frame-level errors, transport authoring (constants, the URL transport registry), the frame recorder and the SDK bridges', () => {
    expect(Object.keys(session).sort()).toEqual([
      'createSession', 'multiplex', 'DEFAULT_REQUEST_TIMEOUT', 'withTimeouts', 'connectWithin', 'DEFAULT_CONNECT_TIMEOUT_MS', 'ParseError',
      'ResponseStreamEndedError', 'DEFAULT_MAX_MESSAGE_BYTES', 'MCP_WEBSOCKET_SUBPROTOCOL', 'fromSdkTransport', 'toSdkTransport',
      'URL_TRANSPORTS', 'remoteKindNamed', 'remoteKindOfUrl', 'urlTransport', 'recordFrames', 'DEFAULT_REDACTED_FIELDS',
    ].sort());
  });

  it('rxmcp/oauth exports both OAuth styles, the redirect handlers, the universal storages and the errors', () => {
    expect(Object.keys(oauth).sort()).toEqual([
      'oauth', 'AuthError', 'UrlRefusedError', 'headlessRedirect', 'browserRedirect', 'popupRedirect', 'completePopupRedirect', 'memoryStorage', 'webStorage', 'sdkOAuth',
    ].sort());
  });

  it('rxmcp/otel exports the OpenTelemetry link, the tool error type, the error classification and the duration buckets', () => {
    expect(Object.keys(otel).sort()).toEqual(['MCP_DURATION_BUCKETS', 'TOOL_ERROR', 'errorTypeOf', 'otelLink'].sort());
  });

  it('rxmcp/warm exports the warm start and the store in memory', () => {
    expect(Object.keys(warm).sort()).toEqual(['memoryWarmStore', 'warmStart']);
  });

  it('rxmcp/apps exports the MCP Apps host, the sandbox proxy, the postMessage transport, the resource, CSP and permission helpers and their errors', () => {
    expect(Object.keys(apps).sort()).toEqual([
      'APPS_PROTOCOL_VERSION', 'APP_CALL_DENIED', 'APP_MIME_TYPE', 'AppCspError', 'AppResourceError', 'AppSandboxError', 'CSP_QUERY_PARAMETER',
      'RESTRICTIVE_APP_CSP', 'appCsp', 'appResource', 'appResourceUri', 'checkAppCsp', 'grantedPermissions', 'hostPageCsp', 'modelTools', 'permissionsPolicy',
      'postMessageTransport', 'renderApp', 'runSandboxProxy', 'sandboxCsp', 'toolVisibility',
    ]);
  });

  it('rxmcp/events exports the subscription, the webhook subscription, the cursor store in memory, its key, the errors and the extension identifier', () => {
    expect(Object.keys(events).sort()).toEqual(['EVENTS_EXTENSION', 'EventSchemaError', 'EventSubscriptionError', 'eventCursorKey', 'memoryCursorStore', 'subscribeEvents', 'webhookEvents', 'webhookSubscription', 'webhookSubscriptions$']);
  });

  it('no name is the value export of two entries', () => {
    const entries = {
      rxmcp: universal, 'rxmcp/agent': agent, 'rxmcp/protocol': protocol, 'rxmcp/session': session, 'rxmcp/oauth': oauth, 'rxmcp/testing': testing,
      'rxmcp/otel': otel,
      'rxmcp/warm': warm,
      'rxmcp/apps': apps,
      'rxmcp/events': events,
    };
    const homes = new Map<string, string[]>();
    for (const [entry, module] of Object.entries(entries)) for (const name of Object.keys(module)) homes.set(name, [...(homes.get(name) ?? []), entry]);
    expect([...homes].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('rxmcp/ai exports the Vercel AI SDK tool set (live and as a Promise) and its result mapper', async () => {
    const ai = await import('../src/ai/index.js');
    expect(Object.keys(ai).sort()).toEqual(['aiToolOutput', 'aiToolSet', 'aiTools']);
  });

  it('rxmcp/testing exports the frame builders, the marble transport, the testing controller, the replay controller, the marble scheduler, the era helpers and the fixtures', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'DEFAULT_TESTING_CAPABILITIES', 'DEFAULT_TESTING_SERVER_INFO', 'DEFAULT_TEST_CACHE_HINTS', 'ExpectationFailedError', 'PARITY_REVISIONS', 'TASK_TESTING_CAPABILITIES', 'TestScriptError', 'audio',
      'createMarbleScheduler', 'createTestingController', 'eachEra', 'elicitForm', 'elicitUrl', 'embeddedText', 'eraCase', 'err', 'failed', 'frame', 'image',
      'isBuiltFrame', 'itInEachEra', 'listRoots',
      'malformed', 'marbleTransport', 'note', 'oversized', 'prompt', 'promptResult', 'req', 'res', 'resource', 'resourceContents', 'resourceLink',
      'resourceTemplate', 'runWithServer', 'sampleMessage', 'servePrompts', 'serveResourceContents', 'serveResourceTemplates', 'serveResources', 'serveTasks', 'serveTools',
      'slowTool', 'structuredResult', 'text', 'tool', 'toolError', 'toolResult', 'RecordingMismatchError', 'replayController',
    ].sort());
  });
});
