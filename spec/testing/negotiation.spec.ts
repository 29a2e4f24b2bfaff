import { lastValueFrom, map } from 'rxjs';
import { NegotiationError, createClient } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { TestScriptError, createTestingController } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { modernMeta } from '../helpers/mcp-fixtures.js';
import { label, recording } from '../helpers/recording-transport.js';
import { leave } from '../helpers/leave-pending.js';

describe('createTestingController negotiation (legacy revisions)', () => {
  it('answers the probe with -32601, then initialize with its revision and capabilities shaped for it', async () => {
    const server = createTestingController({ revision: '2025-03-26', serverInfo: { name: 's', version: '1', title: 'S', icons: [{ src: 'https://x/i.png' }] }, instructions: 'Hi' });
    const wire = recording(server.transport);
    const session = await lastValueFrom(createClient(wire.transport).connect());
    expect([session.era, session.protocolVersion, session.instructions]).toEqual(['legacy', '2025-03-26', 'Hi']);
    expect(session.serverInfo).toEqual({ name: 's', version: '1' });
    expect(session.capabilities).toEqual({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {}, completions: {} });
    expect(wire.log.map((entry) => `${entry.direction} ${label(entry.message)}`)).toEqual([
      'out server/discover', 'in response #0', 'out initialize', 'in response #1', 'out notifications/initialized',
    ]);
    expect((wire.received[0] as { error: { code: number } }).error.code).toBe(-32601);
    expect(server.client?.protocolVersion).toBe('2025-11-25');
    server.verify();
  });

  it('leaves instructions out of a 2024-11-05 initialize result, which has no such field', async () => {
    const server = createTestingController({ revision: '2024-11-05', instructions: 'Hi' });
    const session = await lastValueFrom(createClient(server.transport, { protocol: 'legacy' }).connect());
    expect([session.protocolVersion, session.instructions]).toEqual(['2024-11-05', undefined]);
    expect(session.capabilities).toEqual({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, logging: {} });
  });

  it('answers the probe as told: no answer at all makes the client wait for its probe timeout, in virtual time', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const server = createTestingController({ revision: '2025-11-25', probeAnswer: 'no-answer' });
      const client = createClient(server.transport, { probeTimeoutMs: 5000 });
      expectObservable(client.connect().pipe(map((s) => s.era))).toBe('5000ms (l|)', { l: 'legacy' });
    });
  });

  it('answers the probe with an empty result or -32602 when told, as some legacy servers do', async () => {
    for (const probeAnswer of ['empty-result', 'invalid-params'] as const) {
      const server = createTestingController({ revision: '2025-06-18', probeAnswer });
      expect((await lastValueFrom(createClient(server.transport).connect())).protocolVersion).toBe('2025-06-18');
    }
  });

  it('answers initialize with its own revision, which a client pinned to another one refuses', async () => {
    const server = createTestingController({ revision: '2025-06-18' });
    const client = createClient(server.transport, { protocol: { pin: '2025-11-25' } });
    await expectAsync(lastValueFrom(client.connect())).toBeRejectedWith(jasmine.any(NegotiationError));
  });

  it('holds its own notifications until notifications/initialized, and reports requests made before it', () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const session = createSession(server.transport);
    const seen: string[] = [];
    session.notifications$.subscribe((n) => seen.push(n.method));
    leave(session.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }));
    expect(server.notify('notifications/tools/list_changed')).toBe(1);
    leave(session.request('tools/list'));
    expect(seen).toEqual([]);
    leave(session.notify('notifications/initialized'));
    expect(seen).toEqual(['notifications/tools/list_changed']);
    server.expectRequest('tools/list').respond({ tools: [] });
    expect(() => server.verify()).toThrowError(/tools\/list #1 arrived on connection 1 before notifications\/initialized/);
  });
});

describe('createTestingController options', () => {
  it('refuses a revision rxmcp does not speak, naming the ones it does', () => {
    expect(() => createTestingController({ revision: '2027-01-01' as never })).toThrowError(
      TestScriptError,
      'A testing controller speaks one of 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, not "2027-01-01"',
    );
  });
});

describe('createTestingController negotiation (2026-07-28)', () => {
  it('answers server/discover with its revision, capabilities, instructions and server info', async () => {
    const server = createTestingController({ capabilities: { tools: {} }, instructions: 'Use the tools.' });
    const session = await lastValueFrom(createClient(server.transport).connect());
    expect([session.era, session.protocolVersion, session.instructions, session.supportedVersions]).toEqual(['modern', '2026-07-28', 'Use the tools.', ['2026-07-28']]);
    expect(session.serverInfo).toEqual({ name: 'rxmcp-testing-server', version: '1.0.0' });
    expect(session.capabilities).toEqual({ tools: {} });
    expect(server.client?.capabilities).toEqual({});
  });

  it('answers a request without the required _meta with -32602, and verify() reports it', () => {
    const server = createTestingController();
    const session = createSession(server.transport);
    let failure: unknown;
    session.request('tools/list', {}).subscribe({ error: (e: unknown) => (failure = e) });
    expect(failure).toEqual(jasmine.objectContaining({ rpcCode: -32602 }));
    expect(() => server.verify()).toThrowError(/tools\/list #0 lacks io.modelcontextprotocol\/protocolVersion and io.modelcontextprotocol\/clientCapabilities in _meta/);
  });

  it('answers a request of another revision with -32022 listing the one it speaks', () => {
    const server = createTestingController();
    const session = createSession(server.transport);
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2027-01-01', 'io.modelcontextprotocol/clientCapabilities': {} };
    let failure: unknown;
    session.request('server/discover', { _meta: meta }).subscribe({ error: (e: unknown) => (failure = e) });
    expect(failure).toEqual(jasmine.objectContaining({ rpcCode: -32022, data: { supported: ['2026-07-28'], requested: '2027-01-01' } }));
    server.verify();
  });

  it('on a per-request transport, answers headers that disagree with the request with -32020', () => {
    const server = createTestingController({ transport: 'per-request' });
    const session = createSession(server.transport);
    let failure: unknown;
    session.request('tools/list', { _meta: modernMeta() }, { headers: { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call' } }).subscribe({ error: (e: unknown) => (failure = e) });
    expect(failure).toEqual(jasmine.objectContaining({ rpcCode: -32020 }));
    expect(() => server.verify()).toThrowError(/Mcp-Method tools\/call, which do not match/);
  });

  it('answers initialize with -32601, as a 2026-07-28 server has no such method', () => {
    const server = createTestingController();
    const wire = recording(server.transport);
    createSession(wire.transport).request('initialize', { _meta: modernMeta() }).subscribe({ error: () => undefined });
    expect(wire.received).toEqual([{ jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found: initialize' } }]);
  });
});
