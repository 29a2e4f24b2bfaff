import { RpcError } from '../../src/errors/errors.js';
import {
  HeaderMismatchError,
  MethodNotFoundError,
  MissingRequiredClientCapabilityError,
  rpcErrorFrom,
  UnsupportedProtocolVersionError,
} from '../../src/errors/rpc-errors.js';
import { decodeNotification, decodeResult, decodeServerRequest } from '../../src/protocol/codec.js';
import { encodeNotificationParams, encodeRequestParams, encodeResult } from '../../src/protocol/encode.js';
import { schemasFor, type AnySchema } from '../../src/protocol/revision-schemas.js';
import { EXAMPLES_2026_07_28 } from '../fixtures/spec/examples-2026-07-28.js';
import { validateAgainstOfficialSchema } from '../helpers/official-schema.js';

const V = '2026-07-28';
type Json = Record<string, unknown>;
type Check = (value: Json) => void;

const schemas = () => schemasFor(V);
const rx = () => schemas().kits.receive;
const tx = () => schemas().kits.send;

/**
 * The shape parses the example unchanged: a received (loose) shape keeps every field, a sent (exact) shape
 * drops nothing the official example has.
 */
const unchanged = (pick: () => AnySchema): Check => (value) => {
  expect(pick().parse(value)).toEqual(value);
};

const requestParams = (method: string): Check => (params) => {
  expect(encodeRequestParams(V, method, params as never)).toEqual(params);
};

const request = (method: string): Check => (message) => {
  expect(message['method']).toBe(method);
  const params = encodeRequestParams(V, method, message['params'] as never);
  expect(params).toEqual(message['params'] as never);
  expect(validateAgainstOfficialSchema(V, { ...message, params })).toEqual([]);
};

const result = (method: string): Check => (value) => {
  expect(decodeResult(V, method, value)).toEqual({ resultType: 'complete', ...value } as never);
};

const response = (method: string): Check => (message) => {
  result(method)(message['result'] as Json);
};

const notification = (method: string): Check => (message) => {
  expect(message['method']).toBe(method);
  expect(decodeNotification(V, method, message['params'])).toEqual((message['params'] ?? {}) as never);
};

const inputRequest = (method: string): Check => (message) => {
  expect(message['method']).toBe(method);
  expect(decodeServerRequest(V, method, message['params'])).toEqual((message['params'] ?? {}) as never);
};

const inputRequestParams = (method: string): Check => (params) => {
  expect(decodeServerRequest(V, method, params)).toEqual(params as never);
};

const inputResponse = (method: string): Check => (value) => {
  expect(encodeResult(V, method, value as never)).toEqual(value as never);
};

const rpcError = (is: (e: unknown) => boolean, code: number): Check => (value) => {
  const object = (value['error'] ?? value) as { code: number; message: string; data?: unknown };
  const error = rpcErrorFrom(object);
  expect(is(error)).withContext(error.name).toBeTrue();
  expect(error.rpcCode).toBe(code);
};

const plainRpcError = (code: number): Check => rpcError((e) => (e as Error).name === 'RpcError' && RpcError.is(e), code);

const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** How each official example type is checked: against the schema we use for that type, in its direction. */
const CHECKS: Readonly<Record<string, Check>> = {
  AudioContent: unchanged(() => rx().content.AudioContentSchema),
  BlobResourceContents: unchanged(() => rx().content.BlobResourceContentsSchema),
  BooleanSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  CallToolRequest: request('tools/call'),
  CallToolRequestParams: requestParams('tools/call'),
  CallToolResult: result('tools/call'),
  CallToolResultResponse: response('tools/call'),
  CancelledNotification: (message) => {
    notification('notifications/cancelled')(message);
    expect(encodeNotificationParams(V, 'notifications/cancelled', message['params'] as never)).toEqual(message['params'] as never);
  },
  CancelledNotificationParams: (params) => {
    expect(decodeNotification(V, 'notifications/cancelled', params)).toEqual(params as never);
    expect(encodeNotificationParams(V, 'notifications/cancelled', params as never)).toEqual(params as never);
  },
  ClientCapabilities: unchanged(() => tx().capabilities.ClientCapabilitiesSchema),
  CompleteRequest: request('completion/complete'),
  CompleteRequestParams: requestParams('completion/complete'),
  CompleteResult: result('completion/complete'),
  CompleteResultResponse: response('completion/complete'),
  CreateMessageRequest: inputRequest('sampling/createMessage'),
  CreateMessageRequestParams: inputRequestParams('sampling/createMessage'),
  CreateMessageResult: inputResponse('sampling/createMessage'),
  DiscoverRequest: request('server/discover'),
  DiscoverResult: result('server/discover'),
  DiscoverResultResponse: response('server/discover'),
  ElicitRequest: inputRequest('elicitation/create'),
  ElicitRequestFormParams: inputRequestParams('elicitation/create'),
  ElicitRequestURLParams: inputRequestParams('elicitation/create'),
  ElicitResult: inputResponse('elicitation/create'),
  EmbeddedResource: unchanged(() => rx().content.EmbeddedResourceSchema),
  GetPromptRequest: request('prompts/get'),
  GetPromptRequestParams: requestParams('prompts/get'),
  GetPromptResult: result('prompts/get'),
  GetPromptResultResponse: response('prompts/get'),
  HeaderMismatchError: rpcError((e) => HeaderMismatchError.is(e), -32020),
  ImageContent: unchanged(() => rx().content.ImageContentSchema),
  InputRequests: (value) => {
    const decoded = decodeResult(V, 'tools/call', { resultType: 'input_required', inputRequests: value });
    expect(decoded).toEqual({ resultType: 'input_required', inputRequests: value as never });
  },
  InputRequiredResult: (value) => {
    expect(decodeResult(V, 'tools/call', value)).toEqual(value as never);
  },
  InputResponses: (value) => {
    const params = encodeRequestParams(V, 'tools/call', { _meta: META, name: 'tool', inputResponses: value as never });
    expect(params.inputResponses).toEqual(value as never);
  },
  InternalError: plainRpcError(-32603),
  InvalidParamsError: plainRpcError(-32602),
  ListPromptsRequest: request('prompts/list'),
  ListPromptsResult: result('prompts/list'),
  ListPromptsResultResponse: response('prompts/list'),
  ListResourceTemplatesRequest: request('resources/templates/list'),
  ListResourceTemplatesResult: result('resources/templates/list'),
  ListResourceTemplatesResultResponse: response('resources/templates/list'),
  ListResourcesRequest: request('resources/list'),
  ListResourcesResult: result('resources/list'),
  ListResourcesResultResponse: response('resources/list'),
  ListRootsRequest: inputRequest('roots/list'),
  ListRootsResult: inputResponse('roots/list'),
  ListToolsRequest: request('tools/list'),
  ListToolsResult: result('tools/list'),
  ListToolsResultResponse: response('tools/list'),
  LoggingMessageNotification: notification('notifications/message'),
  LoggingMessageNotificationParams: (params) => {
    expect(decodeNotification(V, 'notifications/message', params)).toEqual(params as never);
  },
  MethodNotFoundError: rpcError((e) => MethodNotFoundError.is(e), -32601),
  MissingRequiredClientCapabilityError: rpcError((e) => MissingRequiredClientCapabilityError.is(e), -32021),
  ModelPreferences: unchanged(() => rx().features.ModelPreferencesSchema),
  NumberSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  PaginatedRequestParams: requestParams('tools/list'),
  ParseError: plainRpcError(-32700),
  ProgressNotification: notification('notifications/progress'),
  ProgressNotificationParams: (params) => {
    expect(decodeNotification(V, 'notifications/progress', params)).toEqual(params as never);
  },
  PromptListChangedNotification: notification('notifications/prompts/list_changed'),
  ReadResourceRequest: request('resources/read'),
  ReadResourceResult: result('resources/read'),
  ReadResourceResultResponse: response('resources/read'),
  Resource: unchanged(() => rx().listing.ResourceSchema),
  ResourceLink: unchanged(() => rx().content.ResourceLinkSchema),
  ResourceListChangedNotification: notification('notifications/resources/list_changed'),
  ResourceUpdatedNotification: notification('notifications/resources/updated'),
  ResourceUpdatedNotificationParams: (params) => {
    expect(decodeNotification(V, 'notifications/resources/updated', params)).toEqual(params as never);
  },
  Root: unchanged(() => tx().features.RootSchema),
  SamplingMessage: unchanged(() => rx().features.SamplingMessageSchema),
  ServerCapabilities: unchanged(() => rx().capabilities.ServerCapabilitiesSchema),
  StringSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  SubscriptionsAcknowledgedNotification: notification('notifications/subscriptions/acknowledged'),
  SubscriptionsListenRequest: request('subscriptions/listen'),
  SubscriptionsListenResult: result('subscriptions/listen'),
  SubscriptionsListenResultResponse: response('subscriptions/listen'),
  TextContent: unchanged(() => rx().content.TextContentSchema),
  TextResourceContents: unchanged(() => rx().content.TextResourceContentsSchema),
  TitledMultiSelectEnumSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  TitledSingleSelectEnumSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  Tool: unchanged(() => rx().listing.ToolSchema),
  ToolListChangedNotification: notification('notifications/tools/list_changed'),
  ToolResultContent: (value) => {
    unchanged(() => rx().content.ToolResultContentSchema)(value);
    unchanged(() => tx().content.ToolResultContentSchema)(value);
  },
  ToolUseContent: (value) => {
    unchanged(() => rx().content.ToolUseContentSchema)(value);
    unchanged(() => tx().content.ToolUseContentSchema)(value);
  },
  UnsupportedProtocolVersionError: rpcError((e) => UnsupportedProtocolVersionError.is(e), -32022),
  UntitledMultiSelectEnumSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
  UntitledSingleSelectEnumSchema: unchanged(() => rx().features.PrimitiveSchemaDefinitionSchema),
};

/** Official example types rxmcp deliberately does not model, with the reason. */
const NOT_MODELLED: Readonly<Record<string, string>> = {};

describe('official 2026-07-28 examples', () => {
  const types = Object.keys(EXAMPLES_2026_07_28);

  it('covers the whole vendored corpus (88 types, 129 files)', () => {
    expect(types.length).toBe(88);
    expect(types.reduce((n, type) => n + (EXAMPLES_2026_07_28[type]?.length ?? 0), 0)).toBe(129);
  });

  it('maps every example type to a schema or lists it as not modelled', () => {
    const unmapped = types.filter((type) => !(type in CHECKS) && !(type in NOT_MODELLED));
    expect(unmapped).withContext('example types with no schema mapping').toEqual([]);
  });

  it('has no mapping for a type the corpus lacks', () => {
    const stale = [...Object.keys(CHECKS), ...Object.keys(NOT_MODELLED)].filter((type) => !types.includes(type));
    expect(stale).toEqual([]);
  });

  for (const type of types) {
    const check = CHECKS[type];
    if (!check) continue;
    for (const example of EXAMPLES_2026_07_28[type] ?? []) {
      it(`decodes ${type}/${example.file} with the schema of its type`, () => {
        expect(validateAgainstOfficialSchema(V, example.value, { type })).withContext('official schema').toEqual([]);
        check(example.value as Json);
      });
    }
  }
});
