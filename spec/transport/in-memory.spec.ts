import { NEVER, Subject, of } from 'rxjs';
import { TransportError, inMemoryPair } from '../../src/index.js';
import { createSession, type InboundFrame, type OutboundFrame } from '../../src/session/index.js';
import { note, req } from '../../src/testing/index.js';

describe('inMemoryPair', () => {
  it('carries what one end writes to the other, both ways, as copies', () => {
    const [client, server] = inMemoryPair();
    const toServer = new Subject<OutboundFrame>();
    const atServer: InboundFrame[] = [];
    const atClient: InboundFrame[] = [];
    server.connect(of({ message: note('hello') })).subscribe((f) => atServer.push(f));
    const message = req(1, 'ping');
    client.connect(toServer).subscribe((f) => atClient.push(f));
    toServer.next({ message });
    expect(atClient).toEqual([{ message: note('hello') }]);
    expect(atServer).toEqual([{ message }]);
    expect(atServer[0]?.message).not.toBe(message);
  });

  it('keeps frames for an end that is not connected yet, and completes the peer on disconnect', () => {
    const [client, server] = inMemoryPair();
    const atServer: InboundFrame[] = [];
    let serverCompleted = false;
    const clientConnection = client.connect(of({ message: note('early') })).subscribe();
    server.connect(NEVER).subscribe({ next: (f) => atServer.push(f), complete: () => (serverCompleted = true) });
    expect(atServer).toEqual([{ message: note('early') }]);
    clientConnection.unsubscribe();
    expect(serverCompleted).toBeTrue();
  });

  it('says neither end is reconnectable (closing one completes the other)', () => {
    const [clientEnd, serverEnd] = inMemoryPair();
    expect(clientEnd.reconnectable).toBeFalse();
    expect(serverEnd.reconnectable).toBeFalse();
  });

  it('refuses a second concurrent connection on one end with a TransportError', () => {
    const [client] = inMemoryPair();
    client.connect(NEVER).subscribe();
    let error: unknown;
    client.connect(NEVER).subscribe({ error: (e) => (error = e) });
    expect(TransportError.is(error)).toBeTrue();
  });

  it('connects two sessions: a request, a notification and a server-initiated request with its handler', () => {
    const [clientEnd, serverEnd] = inMemoryPair();
    const server = createSession(serverEnd, {
      handlers: { 'tools/list': () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }) },
    });
    server.connection$.subscribe();
    const client = createSession(clientEnd, { handlers: { 'roots/list': () => ({ roots: [{ uri: 'file:///tmp' }] }) } });
    const seen: unknown[] = [];
    client.notifications$.subscribe((n) => seen.push(n.method));
    let tools: unknown;
    client.request('tools/list').subscribe((r) => (tools = r));
    expect(tools).toEqual({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] });
    server.notify('notifications/tools/list_changed').subscribe();
    expect(seen).toEqual(['notifications/tools/list_changed']);
    let roots: unknown;
    server.request('roots/list').subscribe((r) => (roots = r));
    expect(roots).toEqual({ roots: [{ uri: 'file:///tmp' }] });
  });
});
