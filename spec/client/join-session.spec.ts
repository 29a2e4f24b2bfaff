import { map } from 'rxjs';
import { ConnectionClosedError, NegotiationError, createClient, type Transport } from '../../src/index.js';
import { marbleTransport, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const JOINED = { protocolVersion: '2025-11-25', serverInfo: { name: 'tasks-server', version: '' }, capabilities: { tasks: {} } } as const;

describe('createClient joinSession (a session another client negotiated)', () => {
  it('connects without a request: the server is the joined session\'s, marked joined', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'));
      const client = createClient(transport, { joinSession: JOINED });
      const server$ = client.connect().pipe(map((s) => [s.era, s.protocolVersion, s.serverInfo?.name, s.capabilities, s.joined]));
      expectObservable(server$).toBe('(a|)', { a: ['legacy', '2025-11-25', 'tasks-server', { tasks: {} }, true] });
      expectObservable(outbound$).toBe('');
    });
  });

  it('the first request on the joined session is the caller\'s own, in the joined revision', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('--a', { a: res(0, { tools: [] }) }));
      const client = createClient(transport, { joinSession: { ...JOINED, capabilities: { tools: {} } } });
      expectObservable(client.listTools().pipe(map((tools) => tools.length))).toBe('--(n|)', { n: 0 });
      expectObservable(outbound$).toBe('r', { r: req(0, 'tools/list') });
    });
  });

  it('refuses to join a session of MCP 2026-07-28, which has none (NegotiationError), sending nothing', () => {
    let failure: unknown;
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-'));
      const client = createClient(transport, { joinSession: { protocolVersion: '2026-07-28' } });
      client.connect().subscribe({ error: (error: unknown) => (failure = error) });
      expectObservable(outbound$).toBe('');
    });
    expect(NegotiationError.is(failure)).toBeTrue();
    expect((failure as Error).message).toContain('2026-07-28 cannot be joined');
  });
});

describe('Client.close({ keepSession })', () => {
  function spiedTransport(): { transport: Transport; kept: jasmine.Spy } {
    const { transport } = marbleTransport(createTestScheduler().createHotObservable('-'));
    const kept = jasmine.createSpy('keepSession');
    return { transport: { ...transport, connect: transport.connect, keepSession: kept }, kept };
  }

  it('tells the transport to keep its session with keepSession: true', () => {
    const { transport, kept } = spiedTransport();
    createClient(transport).close({ keepSession: true });
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('does not with close() or keepSession: false', () => {
    const first = spiedTransport();
    createClient(first.transport).close();
    const second = spiedTransport();
    createClient(second.transport).close({ keepSession: false });
    expect([first.kept.calls.count(), second.kept.calls.count()]).toEqual([0, 0]);
  });

  it('closes a client over a transport without sessions as usual', () => {
    const { transport } = marbleTransport(createTestScheduler().createHotObservable('-'));
    const client = createClient(transport);
    client.close({ keepSession: true });
    let failure: unknown;
    client.connect().subscribe({ error: (error: unknown) => (failure = error) });
    expect(ConnectionClosedError.is(failure)).toBeTrue();
  });
});
