import { lastValueFrom, map } from 'rxjs';
import { createClient } from '../../src/index.js';
import { ExpectationFailedError, createTestingController, toolResult, type WireShape } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { label, recording } from '../helpers/recording-transport.js';

describe('TestingController.expectCancelled', () => {
  const cases: [string, '2025-11-25' | '2026-07-28', WireShape, string][] = [
    ['legacy over a stream', '2025-11-25', 'stream', 'notification'],
    ['2026-07-28 over a stream', '2026-07-28', 'stream', 'notification'],
    ['legacy per request (Streamable HTTP 2025)', '2025-11-25', 'per-request', 'notification'],
    ['2026-07-28 per request (Streamable HTTP 2026)', '2026-07-28', 'per-request', 'abort'],
  ];
  for (const [name, revision, transport, how] of cases) {
    it(`sees the client cancel on unsubscribe, ${name}: by ${how}`, () => {
      createTestScheduler().run(({ expectObservable, flush }) => {
        const server = createTestingController({ revision, transport });
        const wire = recording(server.transport);
        expectObservable(createClient(wire.transport).callTool('slow'), '^ 5ms !').toBe('');
        flush();
        const call = server.expectRequest('tools/call');
        server.expectCancelled(call);
        expect(call.cancelled).toBeTrue();
        expect(wire.sent.map(label).includes('notifications/cancelled')).toBe(how === 'notification');
        server.verify();
      });
    });

    it(`sees the client cancel a request the script left unanswered with never(), ${name}`, () => {
      createTestScheduler().run(({ expectObservable, flush }) => {
        const server = createTestingController({ revision, transport });
        const hang = server.whenRequest('tools/call').never();
        expectObservable(createClient(server.transport).callTool('hang'), '^ 5ms !').toBe('');
        flush();
        server.expectCancelled(hang.requests[0] ?? -1);
        expect(hang.requests[0]?.cancelled).toBeTrue();
        server.verify();
      });
    });
  }

  it('accepts the request id, and fails for a request that was answered, still in flight, or never made', async () => {
    const server = createTestingController();
    const client = createClient(server.transport);
    client.callTool('hang').subscribe({ error: () => undefined });
    expect(() => server.expectCancelled(1)).toThrowError(ExpectationFailedError, 'Expected the client to cancel tools/call #1 {"name":"hang"}, but it is still in flight.');
    server.whenRequest('tools/call', { name: 'quick' }).respond(toolResult('ok'));
    await lastValueFrom(client.callTool('quick'));
    expect(() => server.expectCancelled(2)).toThrowError(ExpectationFailedError, /but it was answered \(result\)/);
    expect(() => server.expectCancelled(9)).toThrowError(ExpectationFailedError, /Expected request 9 to be cancelled, but the server never received it/);
    server.drop();
    expect(() => server.expectCancelled(1)).toThrowError(ExpectationFailedError, /but its connection closed first/);
  });

  it('says the connection closed first for a request left unanswered with never() when the connection drops', () => {
    const server = createTestingController();
    server.whenRequest('tools/call').never();
    createClient(server.transport, { reconnect: false }).callTool('hang').subscribe({ error: () => undefined });
    server.drop();
    expect(() => server.expectCancelled(1)).toThrowError(ExpectationFailedError, 'Expected the client to cancel tools/call #1 {"name":"hang"}, but its connection closed first.');
  });

  it('sends no answer on an aborted exchange: the late respond() reaches nobody', () => {
    const server = createTestingController({ transport: 'per-request' });
    const wire = recording(server.transport);
    const seen: unknown[] = [];
    const subscription = createClient(wire.transport).callTool('t').pipe(map((r) => r.content)).subscribe((c) => seen.push(c));
    const call = server.expectRequest('tools/call');
    subscription.unsubscribe();
    const before = wire.received.length;
    call.respond(toolResult('late'));
    expect([seen, wire.received.length - before]).toEqual([[], 0]);
  });
});
