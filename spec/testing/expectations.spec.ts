import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import { ExpectationFailedError, createTestingController, tool, type TestingController } from '../../src/testing/index.js';
import { leave } from '../helpers/leave-pending.js';
import { CLIENT_INFO } from '../helpers/mcp-fixtures.js';

function setup(revision: '2025-11-25' | '2026-07-28' = '2026-07-28'): { server: TestingController; client: Client } {
  const server = createTestingController({ revision });
  // These specs run in real time and leave requests pending on purpose: without a time limit, none of them fails
  // 60 s later as an unhandled RequestTimeoutError in whatever spec runs then.
  return { server, client: createClient(server.transport, { timeout: false }) };
}

describe('TestingController.expectRequest', () => {
  it('takes the one pending request that matches, whose answer reaches the caller', async () => {
    const { server, client } = setup();
    const result = lastValueFrom(client.callTool('weather', { city: 'Oslo', days: 2 }));
    const call = server.expectRequest('tools/call', { name: 'weather', arguments: { city: 'Oslo' } });
    expect([call.method, call.params, call.connection, call.round]).toEqual(['tools/call', { name: 'weather', arguments: { city: 'Oslo', days: 2 } }, 1, 1]);
    expect(call.meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(call.headers).toEqual({ 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'weather' });
    call.respond({ content: [{ type: 'text', text: 'sunny' }] });
    expect((await result).content).toEqual([{ type: 'text', text: 'sunny' }]);
    server.verify();
  });

  it('fails when nothing matches, listing what is pending', () => {
    const { server, client } = setup();
    leave(client.callTool('other', { x: 1 }));
    expect(() => server.expectRequest('tools/call', { name: 'weather' })).toThrowMatching((error: unknown) =>
      ExpectationFailedError.is(error) &&
      (error as Error).message === 'Expected one pending tools/call with {"name":"weather"} request, found none.\nPending requests (1):\n  tools/call #1 {"name":"other","arguments":{"x":1}} on connection 1',
    );
  });

  it('fails when several match, and matchRequests takes them all', () => {
    const { server, client } = setup();
    leave(client.callTool('a'));
    leave(client.callTool('b'));
    expect(() => server.expectRequest('tools/call')).toThrowError(ExpectationFailedError, /found 2: use matchRequests\(\) to take several/);
    expect(server.matchRequests('tools/call', (params) => params['name'] === 'b').map((r) => r.params['name'])).toEqual(['b']);
    expect(server.matchRequests().map((r) => r.params['name'])).toEqual(['a']);
    expect(server.matchRequests()).toEqual([]);
  });

  it('does not hand out a request twice: what expectRequest took is no longer pending', () => {
    const { server, client } = setup();
    leave(client.listTools());
    server.expectRequest('tools/list').respond({ tools: [] });
    expect(() => server.expectRequest('tools/list')).toThrowError(ExpectationFailedError, /found none/);
  });
});

describe('TestingController.expectNoRequest', () => {
  it('passes while the client made no such request, and fails once it made one, answered or not', () => {
    const { server, client } = setup();
    server.whenRequest('tools/list').respond({ tools: [] });
    server.expectNoRequest('tools/list');
    leave(client.listTools());
    expect(() => server.expectNoRequest('tools/list')).toThrowError(ExpectationFailedError, /Expected no tools\/list request, but the client made 1:\n  tools\/list #1 \{\} on connection 1/);
  });
});

describe('TestingController.nextRequest', () => {
  it('takes a pending request at once, or waits for the next one to arrive (async tests)', async () => {
    const { server, client } = setup();
    leave(client.callTool('first'));
    const first = await firstValueFrom(server.nextRequest('tools/call'));
    expect(first.params['name']).toBe('first');
    const next = firstValueFrom(server.nextRequest('tools/call', { name: 'second' }));
    const answer = lastValueFrom(client.callTool('second'));
    (await next).respond({ content: [] });
    expect((await answer).content).toEqual([]);
    first.never();
    server.verify();
  });

  it('stops waiting when unsubscribed: the request then stays pending', () => {
    const { server, client } = setup();
    server.nextRequest('tools/list').subscribe().unsubscribe();
    leave(client.listTools());
    expect(server.expectRequest('tools/list').method).toBe('tools/list');
  });
});

describe('TestingController.verify', () => {
  it('lists unexpected requests, taken ones never answered, and rules whose times were not met', () => {
    const { server, client } = setup('2025-11-25');
    server.whenRequest('prompts/list', undefined, { times: 2 }).respond({ prompts: [] });
    leave(client.listPrompts());
    leave(client.callTool('forgotten'));
    leave(client.listResources());
    server.expectRequest('resources/list');
    let problems: readonly string[] = [];
    try {
      server.verify();
    } catch (error) {
      expect(ExpectationFailedError.is(error)).toBeTrue();
      problems = (error as ExpectationFailedError).problems;
      expect((error as Error).message).toMatch(/^The testing controller found 3 problems:\n {2}- unexpected request/);
    }
    expect(problems).toEqual([
      'unexpected request: tools/call #3 {"name":"forgotten"} on connection 1',
      'resources/list #4 {} was taken by expectRequest(resources/list) and never answered (respond, error, inputRequired or never)',
      'whenRequest(prompts/list, { times: 2 }) took 1 of the 2 requests it expects',
    ]);
  });

  it('passes when every request was expected and answered, cancelled, lost or left unanswered on purpose', () => {
    const { server, client } = setup();
    server.whenRequest('tools/list').respond({ tools: [tool('a')] });
    leave(client.listTools());
    leave(client.callTool('hang'));
    server.expectRequest('tools/call').never();
    client.callTool('gone').subscribe().unsubscribe();
    server.expectRequest('tools/call');
    server.verify();
  });
});

describe('TestingController.expectNotification', () => {
  it('takes a notification the client sent, or fails listing those not yet taken', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const client = createClient(server.transport, { handlers: { roots: () => ({ roots: [] }) }, rootsListChanged: true });
    await lastValueFrom(client.notifyRootsChanged(), { defaultValue: undefined });
    expect(server.expectNotification('notifications/roots/list_changed')).toEqual({});
    expect(() => server.expectNotification('notifications/roots/list_changed')).toThrowError(
      ExpectationFailedError,
      'Expected a notifications/roots/list_changed notification from the client, found none.\nNot yet taken:\n  notifications/initialized {}',
    );
  });
});

describe('TestingController views of the client', () => {
  it('replays every request on requests$ and lists them on requests; negotiation and listen streams are not among them', () => {
    const { server, client } = setup();
    server.whenRequest('tools/list').respond({ tools: [] });
    leave(client.tools$);
    leave(client.callTool('t'));
    const seen: string[] = [];
    server.requests$.subscribe((request) => seen.push(request.method));
    expect(seen).toEqual(['tools/list', 'tools/call']);
    expect(server.requests.map((request) => request.method)).toEqual(['tools/list', 'tools/call']);
    server.expectRequest('tools/call').never();
  });

  it('tells the log level the client asked for, in either era', async () => {
    const legacy = setup('2025-11-25');
    await lastValueFrom(legacy.client.setLoggingLevel('warning'), { defaultValue: undefined });
    expect(legacy.server.logLevel).toBe('warning');
    legacy.server.verify();
    const modern = createTestingController();
    leave(createClient(modern.transport, { logLevel: 'error' }).listTools());
    expect([modern.logLevel, modern.client?.clientInfo]).toEqual(['error', CLIENT_INFO]);
  });
});
