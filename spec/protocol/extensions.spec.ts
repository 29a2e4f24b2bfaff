import { SchemaError, UnsupportedMethodError } from '../../src/errors/errors.js';
import { decodeNotification, decodeResult } from '../../src/protocol/codec.js';
import { extensionMethod, extensionOfResultType, extensionSpec, extensionsFor } from '../../src/protocol/extensions.js';
import { knownMethodSpec, methodSpec } from '../../src/protocol/methods.js';

const TASKS = 'io.modelcontextprotocol/tasks';
const task = { taskId: 't1', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:01Z', ttlMs: 60000 };
const elicit = { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } };

describe('protocol extension registry', () => {
  it('knows the 2026-07-28 tasks extension, its methods (not in the core table) and what they need the server to declare', () => {
    expect(extensionSpec(TASKS)?.revisions).toEqual(['2026-07-28']);
    expect(extensionsFor('2026-07-28').map((e) => e.name)).toEqual([TASKS, 'io.modelcontextprotocol/skills', 'io.modelcontextprotocol/events']);
    expect(extensionsFor('2025-11-25')).toEqual([]);
    expect(methodSpec('2026-07-28', 'tasks/get')).toBeUndefined();
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(knownMethodSpec('2026-07-28', method)).withContext(method).toEqual({
        kind: 'request', direction: 'client-to-server', serverCapability: ['extensions', TASKS], extension: TASKS,
      });
    }
    expect(extensionMethod('2026-07-28', 'notifications/tasks')?.spec.kind).toBe('notification');
    expect(knownMethodSpec('2026-07-28', 'tasks/list')).toBeUndefined();
    expect(knownMethodSpec('2026-07-28', 'acme/thing')).toBeUndefined();
    expect(knownMethodSpec('2025-11-25', 'tasks/get')?.extension).toBeUndefined();
    expect(extensionOfResultType('2026-07-28', 'tools/call', 'task')?.name).toBe(TASKS);
    expect(extensionOfResultType('2026-07-28', 'prompts/get', 'task')).toBeUndefined();
  });
});

describe('protocol registry: the Events extension', () => {
  const EVENTS = 'io.modelcontextprotocol/events';
  const V = '2026-07-28';
  const occurrence = { eventId: 'e1', name: 'x.y', timestamp: '2026-02-19T15:30:00Z', data: { n: 1 } };

  it('offers events/list (paginated), events/poll and events/stream on 2026-07-28 only, once the server declares the extension', () => {
    expect(extensionSpec(EVENTS)?.revisions).toEqual(['2026-07-28']);
    expect(knownMethodSpec(V, 'events/list')).toEqual({ kind: 'request', direction: 'client-to-server', serverCapability: ['extensions', EVENTS], extension: EVENTS, paginated: true });
    for (const method of ['events/poll', 'events/stream']) expect(knownMethodSpec(V, method)?.serverCapability).withContext(method).toEqual(['extensions', EVENTS]);
    expect(knownMethodSpec('2025-11-25', 'events/list')).toBeUndefined();
    expect(knownMethodSpec(V, 'events/subscribe')).toBeUndefined();
    for (const kind of ['active', 'event', 'error', 'heartbeat', 'terminated', 'list_changed']) {
      expect(extensionMethod(V, `notifications/events/${kind}`)?.spec.kind).withContext(kind).toBe('notification');
    }
  });

  it('decodes a poll answer (an absent cursor allowed) and refuses an event type without a delivery mode', () => {
    const answer = { resultType: 'complete', events: [occurrence], cursor: '7', truncated: true, hasMore: false, nextPollMs: 30000 };
    expect(decodeResult(V, 'events/poll', answer)).toEqual(jasmine.objectContaining(answer));
    expect(decodeResult(V, 'events/poll', { events: [] })).toEqual(jasmine.objectContaining({ events: [] }));
    const type = { name: 'x.y', delivery: [], inputSchema: {}, payloadSchema: {} };
    expect(() => decodeResult(V, 'events/list', { events: [type] })).toThrowMatching((error) => SchemaError.is(error));
    expect(() => decodeResult(V, 'events/poll', { events: [{ ...occurrence, eventId: 7 }] })).toThrowMatching((error) => SchemaError.is(error));
  });

  it('decodes the push notifications, their subscription id kept', () => {
    const meta = { 'io.modelcontextprotocol/subscriptionId': 4 };
    const decoded = decodeNotification(V, 'notifications/events/event', { ...occurrence, cursor: '9', _meta: meta });
    expect(decoded).toEqual(jasmine.objectContaining({ eventId: 'e1', cursor: '9', _meta: meta }));
    expect(() => decodeNotification(V, 'notifications/events/terminated', { _meta: meta })).toThrowMatching((error) => SchemaError.is(error));
  });
});

describe('protocol decodeResult (tasks extension requests)', () => {
  const V = '2026-07-28';
  // The static result types of these methods are the 2025-11-25 ones; the values are the extension's.
  const decode = (method: string, value: unknown): unknown => decodeResult(V, method, value);

  it('decodes tasks/get in each status with what the status carries inline', () => {
    expect(decode('tasks/get', { resultType: 'complete', ...task, status: 'working', pollIntervalMs: 500 })).toEqual({ resultType: 'complete', ...task, status: 'working', pollIntervalMs: 500 });
    expect(decode('tasks/get', { ...task, status: 'input_required', inputRequests: { name: elicit } })).toEqual(jasmine.objectContaining({ inputRequests: { name: elicit } }));
    expect(decode('tasks/get', { ...task, status: 'completed', result: { content: [] } })).toEqual(jasmine.objectContaining({ result: { content: [] } }));
    expect(decode('tasks/get', { ...task, status: 'failed', error: { code: -32603, message: 'x' } })).toEqual(jasmine.objectContaining({ error: { code: -32603, message: 'x' } }));
  });

  it('refuses a tasks/get answer whose status lacks what it must carry, or with a wrong resultType', () => {
    expect(() => decode('tasks/get', { ...task, status: 'input_required' })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decode('tasks/get', { ...task, status: 'completed' })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decode('tasks/get', { ...task, status: 'failed' })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decode('tasks/get', { ...task, status: 'working', resultType: 'input_required' })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decode('tasks/get', { ...task, status: 'working', ttlMs: '1s' })).toThrowMatching((e) => SchemaError.is(e));
  });

  it('decodes the empty acknowledgements of tasks/update and tasks/cancel', () => {
    expect(decode('tasks/update', {})).toEqual({ resultType: 'complete' });
    expect(decode('tasks/cancel', { resultType: 'complete' })).toEqual({ resultType: 'complete' });
  });

  it('still refuses methods of no revision and no registered extension', () => {
    expect(() => decodeResult(V, 'acme/thing', {})).toThrowMatching((e) => UnsupportedMethodError.is(e));
    expect(() => decodeResult('2025-11-25', 'tasks/update', {})).toThrowMatching((e) => UnsupportedMethodError.is(e));
  });

  it('refuses a task answer to a request that did not enable it, and to a method the extension does not cover', () => {
    const created = { resultType: 'task', ...task, status: 'working' };
    expect(() => decodeResult(V, 'tools/call', created)).toThrowMatching((e) => SchemaError.is(e));
    expect(decodeResult(V, 'tools/call', created, { allowedResultTypes: ['task'] })).toEqual(created);
    // A caller that enables `task` on another method gets the value as it came: only the extension knows its shape.
    expect(decodeResult(V, 'prompts/get', created, { allowedResultTypes: ['task'] })).toBe(created);
  });
});

describe('protocol decodeNotification (tasks extension)', () => {
  it('decodes notifications/tasks as the detailed task', () => {
    const params = { ...task, status: 'completed', result: { content: [] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 4 } };
    expect(decodeNotification('2026-07-28', 'notifications/tasks', params)).toEqual(params);
    expect(() => decodeNotification('2026-07-28', 'notifications/tasks', { ...task, status: 'done' })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decodeNotification('2025-11-25', 'notifications/tasks', params)).toThrowMatching((e) => UnsupportedMethodError.is(e));
  });
});
