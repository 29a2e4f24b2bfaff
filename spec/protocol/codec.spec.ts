import { decodeNotification, decodeResult, decodeServerRequest } from '../../src/protocol/codec.js';
import { isInputRequiredResult } from '../../src/protocol/model/mrtr.js';
import { expectSchemaError, expectUnsupported } from './expect-errors.js';

const TOOL = { name: 'echo', inputSchema: { type: 'object' } };
const TASK = { taskId: 't1', status: 'working', createdAt: '2025-11-25T00:00:00Z', lastUpdatedAt: '2025-11-25T00:00:00Z', ttl: null };
const ELICIT = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };

describe('protocol decodeResult (2026-07-28 resultType)', () => {
  const V = '2026-07-28';

  it('treats a missing resultType as complete', () => {
    expect(decodeResult(V, 'tools/list', { tools: [TOOL] })).toEqual({ resultType: 'complete', tools: [TOOL] });
  });

  it('decodes an explicit complete result and keeps unknown fields', () => {
    const value = { resultType: 'complete', content: [{ type: 'text', text: 'hi', extra: 1 }], vendor: { x: 1 } };
    expect(decodeResult(V, 'tools/call', value)).toEqual(value as never);
  });

  it('decodes input_required for tools/call, prompts/get and resources/read', () => {
    const value = { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: ELICIT } } };
    for (const method of ['tools/call', 'prompts/get', 'resources/read'] as const) {
      const decoded = decodeResult(V, method, value);
      expect(isInputRequiredResult(decoded)).withContext(method).toBeTrue();
      expect(decoded).toEqual(value as never);
    }
  });

  it('accepts an input_required result that only carries requestState', () => {
    expect(decodeResult(V, 'prompts/get', { resultType: 'input_required', requestState: 'abc' })).toEqual({
      resultType: 'input_required',
      requestState: 'abc',
    });
  });

  it('rejects input_required with neither inputRequests nor requestState', () => {
    const error = expectSchemaError(() => decodeResult(V, 'tools/call', { resultType: 'input_required' }));
    expect(error.message).toContain('inputRequests or requestState');
  });

  it('rejects input_required from a method that cannot ask for input', () => {
    const value = { resultType: 'input_required', requestState: 'abc' };
    expectSchemaError(() => decodeResult(V, 'tools/list', value));
    expectSchemaError(() => decodeResult(V, 'tools/list', value, { allowedResultTypes: ['input_required'] }));
  });

  it('rejects an input request of an unknown method', () => {
    const value = { resultType: 'input_required', inputRequests: { a: { method: 'ping', params: {} } } };
    expectSchemaError(() => decodeResult(V, 'tools/call', value));
  });

  it('rejects a resultType the request did not enable', () => {
    const error = expectSchemaError(() => decodeResult(V, 'tools/call', { resultType: 'task', taskId: 't1' }));
    expect(error.message).toContain('"task"');
  });

  it('returns an enabled result type of an extension it does not know as it came (array or Set of types)', () => {
    const value = { resultType: 'acme/deferred', ticket: 't1' };
    expect(decodeResult(V, 'tools/call', value, { allowedResultTypes: ['acme/deferred'] })).toBe(value);
    expect(decodeResult(V, 'tools/call', value, { allowedResultTypes: new Set(['acme/deferred']) })).toBe(value);
  });

  it('checks an enabled task result against the tasks extension schema', () => {
    const task = { resultType: 'task', taskId: 't1', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttlMs: null };
    expect(decodeResult(V, 'tools/call', { ...task, pollIntervalMs: 500 }, { allowedResultTypes: ['task'] })).toEqual({ ...task, pollIntervalMs: 500 });
    const error = expectSchemaError(() => decodeResult(V, 'tools/call', { resultType: 'task', taskId: 't1', status: 'working' }, { allowedResultTypes: ['task'] }));
    expect(error.message).toContain('createdAt');
  });

  it('rejects a resultType that is not a string', () => {
    expectSchemaError(() => decodeResult(V, 'tools/list', { resultType: 42, tools: [] }));
  });

  it('accepts any JSON value as structuredContent', () => {
    const value = { content: [], structuredContent: [1, 2, 3] };
    expect(decodeResult(V, 'tools/call', value)).toEqual({ resultType: 'complete', ...value });
  });
});

describe('protocol decodeResult (errors and revisions)', () => {
  it('reports a bad result as a SchemaError with the zod issues, a readable message and the value', () => {
    const value = { tools: [{ name: 7, inputSchema: { type: 'object' } }] };
    const error = expectSchemaError(() => decodeResult('2025-06-18', 'tools/list', value));
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.message).toContain('tools/list result');
    expect(error.message).toContain('tools[0].name');
    expect(error.value).toBe(value);
  });

  it('rejects a result that is not an object', () => {
    expectSchemaError(() => decodeResult('2026-07-28', 'tools/list', []));
    expectSchemaError(() => decodeResult('2025-11-25', 'ping', null));
  });

  it('rejects a content block of an unknown type', () => {
    const value = { content: [{ type: 'hologram', data: 'x' }] };
    expectSchemaError(() => decodeResult('2025-11-25', 'tools/call', value));
  });

  it('throws UnsupportedMethodError for a method the revision lacks', () => {
    const cases: [Parameters<typeof decodeResult>[0], string][] = [
      ['2026-07-28', 'initialize'],
      ['2026-07-28', 'ping'],
      ['2026-07-28', 'resources/subscribe'],
      ['2026-07-28', 'logging/setLevel'],
      ['2025-11-25', 'server/discover'],
      ['2025-06-18', 'tasks/get'],
      ['2025-11-25', 'no/such/method'],
      ['2025-11-25', 'sampling/createMessage'],
    ];
    for (const [version, method] of cases) {
      const error = expectUnsupported(() => decodeResult(version, method, {}), `${version} ${method}`);
      expect(error.method).toBe(method);
    }
  });

  it('decodes legacy results as complete, whatever resultType they carry', () => {
    expect(decodeResult('2025-03-26', 'tools/call', { content: [], resultType: 'input_required' })).toEqual({
      resultType: 'complete',
      content: [],
    });
  });

  it('decodes a legacy initialize result', () => {
    const value = { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
    expect(decodeResult('2024-11-05', 'initialize', value)).toEqual({ resultType: 'complete', ...value });
    const bad = { protocolVersion: '2024-11-05', capabilities: {} };
    expectSchemaError(() => decodeResult('2024-11-05', 'initialize', bad));
  });

  it('decodes a 2025-11-25 CreateTaskResult only when the task result type is enabled', () => {
    const value = { task: TASK };
    expect(decodeResult('2025-11-25', 'tools/call', value, { allowedResultTypes: ['task'] })).toEqual({ resultType: 'task', task: TASK });
    expectSchemaError(() => decodeResult('2025-11-25', 'tools/call', value));
    const badTask = { task: { ...TASK, status: 'sleeping' } };
    expectSchemaError(() => decodeResult('2025-11-25', 'tools/call', badTask, { allowedResultTypes: ['task'] }));
  });

  it('decodes the 2025-11-25 core task results', () => {
    expect(decodeResult('2025-11-25', 'tasks/get', TASK)).toEqual({ resultType: 'complete', ...TASK } as never);
    expect(decodeResult('2025-11-25', 'tasks/list', { tasks: [TASK] })).toEqual({ resultType: 'complete', tasks: [TASK] } as never);
  });
});

describe('protocol decodeServerRequest', () => {
  it('decodes absent params as an empty object', () => {
    expect(decodeServerRequest('2025-06-18', 'ping', undefined)).toEqual({});
    expect(decodeServerRequest('2026-07-28', 'roots/list', undefined)).toEqual({});
  });

  it('knows elicitation from 2025-06-18 on', () => {
    expectUnsupported(() => decodeServerRequest('2025-03-26', 'elicitation/create', ELICIT));
    expect(decodeServerRequest('2025-06-18', 'elicitation/create', ELICIT)).toEqual(ELICIT as never);
  });

  it('accepts URL elicitation from 2025-11-25 on, with an elicitationId only in 2025-11-25', () => {
    const url = { mode: 'url', message: 'Sign in', url: 'https://example.com/login' };
    expectSchemaError(() => decodeServerRequest('2025-06-18', 'elicitation/create', url));
    expectSchemaError(() => decodeServerRequest('2025-11-25', 'elicitation/create', url));
    const legacy = { ...url, elicitationId: 'e1' };
    expect(decodeServerRequest('2025-11-25', 'elicitation/create', legacy)).toEqual(legacy as never);
    expect(decodeServerRequest('2026-07-28', 'elicitation/create', url)).toEqual(url as never);
  });

  it('rejects a form field that is not a flat primitive', () => {
    const nested = { message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } };
    expectSchemaError(() => decodeServerRequest('2025-11-25', 'elicitation/create', nested));
  });

  it('rejects sampling params without messages', () => {
    expectSchemaError(() => decodeServerRequest('2024-11-05', 'sampling/createMessage', { maxTokens: 5 }));
  });

  it('refuses methods the server cannot send in the revision', () => {
    for (const [version, method] of [
      ['2026-07-28', 'ping'],
      ['2026-07-28', 'tools/call'],
      ['2025-11-25', 'tools/call'],
      ['2025-06-18', 'tasks/get'],
    ] as const) {
      expectUnsupported(() => decodeServerRequest(version, method, {}), `${version} ${method}`);
    }
    expect(decodeServerRequest('2025-11-25', 'tasks/get', { taskId: 't1' })).toEqual({ taskId: 't1' });
  });
});

describe('protocol decodeNotification', () => {
  it('decodes progress and keeps unknown fields', () => {
    const params = { progressToken: 'p', progress: 0.5, total: 1, message: 'half', vendor: true };
    expect(decodeNotification('2025-03-26', 'notifications/progress', params)).toEqual(params as never);
  });

  it('requires requestId on notifications/cancelled except in 2025-11-25', () => {
    expectSchemaError(() => decodeNotification('2025-06-18', 'notifications/cancelled', { reason: 'x' }));
    expect(decodeNotification('2025-11-25', 'notifications/cancelled', { reason: 'x' })).toEqual({ reason: 'x' });
    expectSchemaError(() => decodeNotification('2026-07-28', 'notifications/cancelled', { reason: 'x' }));
  });

  it('decodes absent params of a list_changed notification as an empty object', () => {
    expect(decodeNotification('2026-07-28', 'notifications/tools/list_changed', undefined)).toEqual({});
  });

  it('checks the listen subscriptionId in _meta', () => {
    const meta = (id: unknown) => ({ _meta: { 'io.modelcontextprotocol/subscriptionId': id } });
    expect(decodeNotification('2026-07-28', 'notifications/resources/list_changed', meta('l1'))).toEqual(meta('l1') as never);
    expectSchemaError(() => decodeNotification('2026-07-28', 'notifications/resources/list_changed', meta({})));
  });

  it('knows elicitation/complete only in 2025-11-25 and the listen acknowledgement only in 2026-07-28', () => {
    const complete = { elicitationId: 'e1' };
    expect(decodeNotification('2025-11-25', 'notifications/elicitation/complete', complete)).toEqual(complete);
    expectUnsupported(() => decodeNotification('2026-07-28', 'notifications/elicitation/complete', complete));
    const ack = { notifications: { toolsListChanged: true } };
    expect(decodeNotification('2026-07-28', 'notifications/subscriptions/acknowledged', ack)).toEqual(ack);
    expectUnsupported(() => decodeNotification('2025-11-25', 'notifications/subscriptions/acknowledged', ack));
  });

  it('refuses notifications only clients send', () => {
    expectUnsupported(() => decodeNotification('2025-06-18', 'notifications/initialized', {}));
    expectUnsupported(() => decodeNotification('2025-06-18', 'notifications/roots/list_changed', {}));
  });

  it('rejects a log entry with an unknown level', () => {
    expectSchemaError(() => decodeNotification('2025-06-18', 'notifications/message', { level: 'loud', data: 1 }));
  });
});
