import { encodeNotificationParams, encodeRequestParams, encodeResult } from '../../src/protocol/encode.js';
import type { CreateMessageResult } from '../../src/protocol/model/sampling.js';
import { LEGACY_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';
import { validateAgainstOfficialSchema } from '../helpers/official-schema.js';
import { expectSchemaError, expectUnsupported } from './expect-errors.js';

const CLIENT_INFO = {
  name: 'rxmcp-spec',
  version: '1.0.0',
  title: 'rxmcp spec client',
  description: 'exercises the codec',
  icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png' }],
  websiteUrl: 'https://example.com',
};
const CAPABILITIES = {
  roots: { listChanged: true },
  sampling: { tools: {} },
  elicitation: { form: {}, url: {} },
  experimental: { x: {} },
  extensions: { 'io.modelcontextprotocol/tasks': {} },
};
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const TEXT = { type: 'text' as const, text: 'hi' };

const initialize = (version: ProtocolVersion) => ({ protocolVersion: version, capabilities: CAPABILITIES, clientInfo: CLIENT_INFO });
const request = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) });
const response = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });

describe('protocol encodeRequestParams', () => {
  it('shapes initialize for each handshake revision and matches its official schema', () => {
    const expectedInfo: Record<string, object> = {
      '2024-11-05': { name: 'rxmcp-spec', version: '1.0.0' },
      '2025-03-26': { name: 'rxmcp-spec', version: '1.0.0' },
      '2025-06-18': { name: 'rxmcp-spec', version: '1.0.0', title: 'rxmcp spec client' },
      '2025-11-25': CLIENT_INFO,
    };
    for (const version of LEGACY_PROTOCOL_VERSIONS) {
      const params = encodeRequestParams(version, 'initialize', initialize(version));
      expect(params.clientInfo).withContext(version).toEqual(expectedInfo[version] as never);
      expect(validateAgainstOfficialSchema(version, request('initialize', params))).withContext(version).toEqual([]);
    }
  });

  it('drops the capabilities a revision does not define', () => {
    const caps = (version: ProtocolVersion) => encodeRequestParams(version, 'initialize', initialize(version)).capabilities;
    expect(caps('2025-03-26')).toEqual({ roots: { listChanged: true }, sampling: {}, experimental: { x: {} } });
    expect(caps('2025-06-18')).toEqual({ roots: { listChanged: true }, sampling: {}, elicitation: {}, experimental: { x: {} } });
    expect(caps('2025-11-25')).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      experimental: { x: {} },
    });
    const modern = encodeRequestParams('2026-07-28', 'tools/list', {
      _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': CAPABILITIES },
    });
    expect(modern?._meta?.['io.modelcontextprotocol/clientCapabilities']).toEqual({
      roots: {},
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      experimental: { x: {} },
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
  });

  it('keeps task augmentation only in 2025-11-25 and MRTR fields only in 2026-07-28', () => {
    const params = { _meta: META, name: 'echo', arguments: { a: 1 }, task: { ttl: 5 }, requestState: 's', inputResponses: {} };
    expect(encodeRequestParams('2025-06-18', 'tools/call', params)).toEqual({ _meta: META, name: 'echo', arguments: { a: 1 } });
    expect(encodeRequestParams('2025-11-25', 'tools/call', params)).toEqual({
      _meta: META,
      name: 'echo',
      arguments: { a: 1 },
      task: { ttl: 5 },
    });
    expect(encodeRequestParams('2026-07-28', 'tools/call', params)).toEqual({
      _meta: META,
      name: 'echo',
      arguments: { a: 1 },
      requestState: 's',
      inputResponses: {},
    });
  });

  it('requires the 2026-07-28 request _meta keys', () => {
    expectSchemaError(() => encodeRequestParams('2026-07-28', 'tools/call', { name: 'echo' }));
    const noCapabilities = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }, name: 'echo' };
    expectSchemaError(() => encodeRequestParams('2026-07-28', 'tools/call', noCapabilities));
    expectSchemaError(() => encodeRequestParams('2026-07-28', 'tools/list', undefined));
  });

  it('lets legacy list params be omitted', () => {
    expect(encodeRequestParams('2024-11-05', 'tools/list', undefined)).toBeUndefined();
  });

  it('keeps open _meta keys (progress token, trace context)', () => {
    const meta = { ...META, progressToken: 7, traceparent: '00-abc-def-01' };
    expect(encodeRequestParams('2026-07-28', 'prompts/get', { _meta: meta, name: 'p' })).toEqual({ _meta: meta, name: 'p' });
  });

  it('rejects a field of the wrong type', () => {
    const params = { name: 'p', arguments: { a: 1 as unknown as string } };
    const error = expectSchemaError(() => encodeRequestParams('2025-06-18', 'prompts/get', params));
    expect(error.message).toContain('arguments.a');
  });

  it('refuses requests the revision does not have', () => {
    for (const [version, method] of [
      ['2026-07-28', 'initialize'],
      ['2026-07-28', 'logging/setLevel'],
      ['2026-07-28', 'resources/subscribe'],
      ['2025-11-25', 'subscriptions/listen'],
      ['2025-11-25', 'roots/list'],
    ] as const) {
      expectUnsupported(() => encodeRequestParams(version, method, {} as never), `${version} ${method}`);
    }
  });

  it('produces tools/call frames every revision accepts', () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const params = encodeRequestParams(version, 'tools/call', { _meta: META, name: 'echo', arguments: { text: 'x' } });
      expect(validateAgainstOfficialSchema(version, request('tools/call', params))).withContext(version).toEqual([]);
    }
  });
});

describe('protocol encodeResult', () => {
  const sampled = (content: CreateMessageResult['content']): CreateMessageResult => ({ role: 'assistant', content, model: 'm' });
  const audio = { type: 'audio' as const, data: 'AAAA', mimeType: 'audio/wav' };
  const toolUse = { type: 'tool_use' as const, id: 'c1', name: 'echo', input: {} };

  it('accepts audio sampling content from 2025-03-26 on', () => {
    expectSchemaError(() => encodeResult('2024-11-05', 'sampling/createMessage', sampled(audio)));
    const result = encodeResult('2025-03-26', 'sampling/createMessage', sampled(audio));
    expect(validateAgainstOfficialSchema('2025-03-26', response(result), { method: 'sampling/createMessage' })).toEqual([]);
  });

  it('accepts tool use and content arrays in sampling results from 2025-11-25 on', () => {
    expectSchemaError(() => encodeResult('2025-06-18', 'sampling/createMessage', sampled(toolUse)));
    expectSchemaError(() => encodeResult('2025-06-18', 'sampling/createMessage', sampled([TEXT])));
    for (const version of ['2025-11-25', '2026-07-28'] as const) {
      const result = encodeResult(version, 'sampling/createMessage', sampled([TEXT, toolUse]));
      expect(result).toEqual(sampled([TEXT, toolUse]));
    }
    const legacy = encodeResult('2025-11-25', 'sampling/createMessage', sampled([TEXT, toolUse]));
    expect(validateAgainstOfficialSchema('2025-11-25', response(legacy), { method: 'sampling/createMessage' })).toEqual([]);
  });

  it('drops content fields older revisions lack', () => {
    const annotated = { ...TEXT, annotations: { priority: 1, lastModified: '2025-01-01T00:00:00Z' }, _meta: { a: 1 } };
    const old = encodeResult('2024-11-05', 'sampling/createMessage', sampled(annotated));
    expect(old.content).toEqual({ ...TEXT, annotations: { priority: 1 } });
    expect(encodeResult('2025-06-18', 'sampling/createMessage', sampled(annotated)).content).toEqual(annotated);
  });

  it('accepts multi-select elicitation answers from 2025-11-25 on', () => {
    const answer = { action: 'accept' as const, content: { tags: ['a', 'b'] } };
    expectSchemaError(() => encodeResult('2025-06-18', 'elicitation/create', answer));
    const result = encodeResult('2025-11-25', 'elicitation/create', answer);
    expect(validateAgainstOfficialSchema('2025-11-25', response(result), { method: 'elicitation/create' })).toEqual([]);
  });

  it('answers elicitation only from 2025-06-18 on', () => {
    expectUnsupported(() => encodeResult('2025-03-26', 'elicitation/create', { action: 'decline' }));
  });

  it('drops _meta from 2026-07-28 input responses that have none', () => {
    expect(encodeResult('2026-07-28', 'elicitation/create', { action: 'decline', _meta: { a: 1 } })).toEqual({ action: 'decline' });
    const declined = { action: 'decline' as const, _meta: { a: 1 } };
    expect(encodeResult('2025-11-25', 'elicitation/create', declined)).toEqual(declined);
    expect(encodeResult('2026-07-28', 'roots/list', { roots: [{ uri: 'file:///a', _meta: { b: 2 } }], _meta: {} })).toEqual({
      roots: [{ uri: 'file:///a', _meta: { b: 2 } }],
    });
  });

  it('answers roots/list with roots every revision accepts', () => {
    for (const version of LEGACY_PROTOCOL_VERSIONS) {
      const result = encodeResult(version, 'roots/list', { roots: [{ uri: 'file:///project', name: 'p', _meta: { a: 1 } }] });
      expect(validateAgainstOfficialSchema(version, response(result), { method: 'roots/list' })).withContext(version).toEqual([]);
    }
    const roots = { roots: [{ uri: 'file:///p', _meta: { a: 1 } }] };
    expect(encodeResult('2024-11-05', 'roots/list', roots)).toEqual({ roots: [{ uri: 'file:///p' }] });
  });

  it('answers ping only in the legacy era', () => {
    expect(encodeResult('2025-06-18', 'ping', {})).toEqual({});
    expectUnsupported(() => encodeResult('2026-07-28', 'ping', {}));
  });
});

describe('protocol encodeNotificationParams', () => {
  it('drops the progress message before 2025-03-26', () => {
    const params = { progressToken: 't', progress: 1, total: 2, message: 'half' };
    expect(encodeNotificationParams('2024-11-05', 'notifications/progress', params)).toEqual({ progressToken: 't', progress: 1, total: 2 });
    expect(encodeNotificationParams('2025-03-26', 'notifications/progress', params)).toEqual(params);
  });

  it('sends cancellations in every revision and initialized/roots list_changed only in the legacy era', () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const params = encodeNotificationParams(version, 'notifications/cancelled', { requestId: 3, reason: 'timeout' });
      const frame = { jsonrpc: '2.0', method: 'notifications/cancelled', params };
      expect(validateAgainstOfficialSchema(version, frame)).withContext(version).toEqual([]);
    }
    expect(encodeNotificationParams('2025-06-18', 'notifications/initialized', undefined)).toBeUndefined();
    expectUnsupported(() => encodeNotificationParams('2026-07-28', 'notifications/initialized', undefined));
    expectUnsupported(() => encodeNotificationParams('2026-07-28', 'notifications/roots/list_changed', undefined));
  });

  it('requires a requestId on the cancellations the client sends', () => {
    expectSchemaError(() => encodeNotificationParams('2025-11-25', 'notifications/cancelled', { reason: 'x' }));
  });
});
