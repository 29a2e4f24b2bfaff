import { lastValueFrom, map } from 'rxjs';
import { ConnectionClosedError, createClient } from '../../src/index.js';
import { createTestingController, eachEra, listRoots, text, toolResult } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { leave } from '../helpers/leave-pending.js';

describe('TestingController connections', () => {
  it('counts connections; drop() ends the current one, and requests in flight on it are lost', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const client = createClient(server.transport);
    expect([server.connections, server.connected]).toEqual([0, false]);
    const call = lastValueFrom(client.callTool('t'));
    const taken = server.expectRequest('tools/call');
    expect([server.connections, server.connected, taken.connection]).toEqual([1, true, 1]);
    server.drop();
    await expectAsync(call).toBeRejectedWith(jasmine.any(ConnectionClosedError));
    expect([server.connected, taken.open]).toEqual([false, false]);
    server.whenRequest('tools/call').respond(toolResult('again'));
    expect((await lastValueFrom(client.callTool('t'))).content).toEqual([text('again')]);
    expect(server.connections).toBe(2);
    server.verify();
  });

  it('drop(error) fails the connection with a TransportError the client reports', () => {
    const server = createTestingController();
    const client = createClient(server.transport);
    const states: string[] = [];
    client.state$.pipe(map((s) => (s.status === 'disconnected' ? `disconnected: ${s.error?.name ?? ''} ${s.error?.message ?? ''}` : s.status))).subscribe((s) => states.push(s));
    leave(client.connect());
    server.drop(new Error('connection reset'));
    expect(states).toEqual(['idle', 'connecting', 'ready', 'disconnected: TransportError connection reset']);
  });

  it('copies every message through JSON by default, as a wire would', async () => {
    const server = createTestingController();
    const result = { content: [text('a')], structuredContent: { when: new Date(0) } };
    server.whenRequest('tools/call').respond(result);
    const received = await lastValueFrom(createClient(server.transport).callTool('t'));
    expect(received.structuredContent).toEqual({ when: '1970-01-01T00:00:00.000Z' });
  });

  eachEra((era) => {
    it(`per-request transport: each request gets its own response stream, ended by its answer (${era.name})`, () => {
      createTestScheduler().run(({ expectObservable }) => {
        const server = era.controller({ transport: 'per-request' });
        server.whenRequest('tools/call').respond(toolResult('slow'), { delayMs: 20 });
        server.whenRequest('tools/list').respond({ tools: [] });
        const client = createClient(server.transport);
        expect(server.transport.exchange).toBeDefined();
        expectObservable(client.callTool('t').pipe(map(() => 'r'))).toBe('20ms (r|)');
        expectObservable(client.listTools().pipe(map((tools) => tools.length))).toBe('(0|)', { 0: 0 });
      });
    });

    it(`per-request transport: ask() puts the question on the request's own stream (${era.name})`, async () => {
      const server = era.controller({ transport: 'per-request' });
      server.whenRequest('tools/call').handle((call) => call.ask({ r: listRoots() }).subscribe((answers) => call.respond(toolResult(answers.r.roots[0]?.uri ?? ''))));
      const client = createClient(server.transport, { handlers: { roots: () => ({ roots: [{ uri: 'file:///w' }] }) } });
      expect((await lastValueFrom(client.callTool('t'))).content).toEqual([text('file:///w')]);
      server.verify();
    });
  });
});
