import { lastValueFrom, map } from 'rxjs';
import { createClient } from '../../src/index.js';
import { TestScriptError, createTestingController, resourceContents } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { label, recording } from '../helpers/recording-transport.js';
import { leave } from '../helpers/leave-pending.js';

describe('TestingController.notify (legacy)', () => {
  it('sends list changes on the connection, and resource updates only for subscribed URIs', () => {
    const server = createTestingController({ revision: '2025-11-25' });
    server.whenRequest('resources/read').respond((request) => resourceContents(String(request.params['uri']), 'v'));
    const client = createClient(server.transport);
    expect(server.notify('notifications/tools/list_changed')).toBe(0);
    const changes: string[] = [];
    const updates: string[] = [];
    client.notifications.listChanged$.subscribe((change) => changes.push(change.kind));
    client.notifications.resourceUpdated$.subscribe((update) => updates.push(update.uri));
    leave(client.watchResource('file:///a'));
    expect(server.notify('notifications/tools/list_changed')).toBe(1);
    expect(server.notify('notifications/resources/updated', { uri: 'file:///b' })).toBe(0);
    expect(server.notify('notifications/resources/updated', { uri: 'file:///a' })).toBe(1);
    expect([changes, updates]).toEqual([['tools'], ['file:///a']]);
  });

  it('refuses what the revision or the capabilities rule out, and malformed params', () => {
    const server = createTestingController({ revision: '2025-06-18', capabilities: { tools: {} } });
    expect(() => server.notify('notifications/tools/list_changed')).toThrowError(TestScriptError, /needs the server capability tools.listChanged/);
    expect(() => server.notify('notifications/elicitation/complete', { elicitationId: 'e' })).toThrowError(TestScriptError, /not a notification a server sends in MCP 2025-06-18/);
    const full = createTestingController({ revision: '2025-11-25' });
    expect(() => full.notify('notifications/message', { level: 'loud', data: 1 })).toThrowError(/notifications\/message params does not match the schema/);
  });
});

describe('TestingController listen streams (2026-07-28)', () => {
  it('acknowledges what it declared, tags deliveries with the subscription id, and forgets cancelled streams', () => {
    const server = createTestingController({ capabilities: { tools: { listChanged: true }, prompts: {} } });
    server.whenRequest('tools/list').respond({ tools: [] });
    server.whenRequest('prompts/list').respond({ prompts: [] });
    const wire = recording(server.transport);
    const client = createClient(wire.transport);
    const watching = client.tools$.subscribe();
    leave(client.prompts$);
    const ack = wire.received.find((m) => label(m) === 'notifications/subscriptions/acknowledged');
    expect(ack).toEqual({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } } });
    expect(server.notify('notifications/tools/list_changed')).toBe(1);
    expect(wire.received.at(-1)).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } } });
    watching.unsubscribe();
    client.close();
    expect(server.notify('notifications/tools/list_changed')).toBe(0);
    server.verify();
  });

  it('sends resource updates to the listen streams that asked for the URI', () => {
    const server = createTestingController();
    server.whenRequest('resources/read').respond(resourceContents('file:///a', 'v'));
    const client = createClient(server.transport);
    const texts: string[] = [];
    client.watchResource('file:///a').pipe(map((r) => JSON.stringify(r.contents))).subscribe((t) => texts.push(t));
    expect(server.notify('notifications/resources/updated', { uri: 'file:///other' })).toBe(0);
    expect(server.notify('notifications/resources/updated', { uri: 'file:///a' })).toBe(1);
    expect(texts.length).toBe(2);
  });

  it('refuses notifications that 2026-07-28 only sends on a request, pointing to TestRequest.notify', () => {
    const server = createTestingController();
    expect(() => server.notify('notifications/message', { level: 'info', data: 1 })).toThrowError(TestScriptError, /only on the stream of a request: use the TestRequest's notify\(\)/);
  });

  it('ends the listen streams gracefully with endSubscriptions(); the client opens a new one after its backoff', () => {
    createTestScheduler().run(({ flush }) => {
      const server = createTestingController();
      server.whenRequest('tools/list').respond({ tools: [] });
      const wire = recording(server.transport);
      const client = createClient(wire.transport, { live: { backoff: { initialMs: 100 } } });
      leave(client.tools$);
      expect(server.endSubscriptions()).toBe(1);
      expect(server.notify('notifications/tools/list_changed')).toBe(0);
      flush();
      expect(wire.sent.filter((m) => label(m) === 'subscriptions/listen').length).toBe(2);
      expect(server.notify('notifications/tools/list_changed')).toBe(1);
      client.close();
    });
  });
});

describe('TestingController.request (legacy server→client requests)', () => {
  it('asks the client and emits its answer; an error answer errors', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const client = createClient(server.transport, {
      handlers: { roots: () => ({ roots: [{ uri: 'file:///w' }] }), sampling: () => Promise.reject(Object.assign(new Error('no model'), { code: -1 })) },
    });
    await lastValueFrom(client.connect());
    expect(await lastValueFrom(server.request('roots/list'))).toEqual({ roots: [{ uri: 'file:///w' }] });
    await expectAsync(lastValueFrom(server.request('sampling/createMessage', { messages: [], maxTokens: 5 }))).toBeRejectedWith(jasmine.objectContaining({ rpcCode: -1, message: 'no model' }));
    expect(await lastValueFrom(server.request('ping'))).toEqual({});
  });

  it('is cold, errors on 2026-07-28, without a client, or for a capability the client did not declare', async () => {
    const modern = createTestingController();
    const cold = modern.request('roots/list');
    await expectAsync(lastValueFrom(cold)).toBeRejectedWithError(TestScriptError, /2026-07-28 servers send no requests to the client/);
    const legacy = createTestingController({ revision: '2025-11-25' });
    await expectAsync(lastValueFrom(legacy.request('roots/list'))).toBeRejectedWithError(TestScriptError, 'No client is connected to send roots/list to');
    await lastValueFrom(createClient(legacy.transport).connect());
    await expectAsync(lastValueFrom(legacy.request('roots/list'))).toBeRejectedWithError(TestScriptError, /did not declare the roots capability/);
  });

  it('cancels its request on the wire when unsubscribed before the answer', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    let signal: AbortSignal | undefined;
    const client = createClient(server.transport, { handlers: { elicitation: (_p, context) => ((signal = context.signal), new Promise(() => undefined)) } });
    await lastValueFrom(client.connect());
    server.request('elicitation/create', { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }).subscribe().unsubscribe();
    expect(signal?.aborted).toBeTrue();
  });
});
