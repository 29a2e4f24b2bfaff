import { URL_TRANSPORTS, declaredRemoteKinds, remoteKindNamed, remoteKindOfUrl, urlTransport } from '../../src/transport/registry.js';
import { remoteTransport } from '../../src/transport/remote.js';

describe('transport registry', () => {
  it('names each kind once, with its spellings in configuration files and on the command line', () => {
    const kinds = URL_TRANSPORTS.map((entry) => entry.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(remoteKindNamed('streamable-http')).toBe('http');
    expect(remoteKindNamed('websocket')).toBe('ws');
    expect(remoteKindNamed('auto')).toBe('auto');
    expect(remoteKindNamed('auto', true)).toBeUndefined();
    expect(remoteKindNamed('carrier-pigeon')).toBeUndefined();
    expect(declaredRemoteKinds()).toEqual(['http', 'sse', 'ws']);
  });

  it('picks a transport by URL scheme, and auto for any other URL', () => {
    expect(remoteKindOfUrl('wss://example.test/mcp')).toBe('ws');
    expect(remoteKindOfUrl('WS://example.test/mcp')).toBe('ws');
    expect(remoteKindOfUrl('https://example.test/mcp')).toBe('auto');
    expect(remoteKindOfUrl('not a url')).toBe('auto');
  });

  it('makes each transport through its entry, refusing what a WebSocket cannot take with the caller\'s error', () => {
    const refuse = (why: string) => new Error(`refused: ${why}`);
    const made = (kind: 'auto' | 'http' | 'sse') => urlTransport(kind).create('http://127.0.0.1:1/mcp', { headers: {} }, refuse).kind;
    expect([made('auto'), made('http'), made('sse')]).toEqual(['http', 'streamable-http', 'legacy-sse']);
    class FakeSocket {}
    const WebSocket = FakeSocket as unknown as NonNullable<Parameters<typeof remoteTransport>[2]['WebSocket']>;
    expect(() => remoteTransport('ws', 'ws://127.0.0.1:1/mcp', { headers: { A: 'b' }, WebSocket }, refuse)).toThrowError('refused: headers');
    expect(remoteTransport('ws', 'ws://127.0.0.1:1/mcp', { headers: {}, WebSocket }, refuse).kind).toBe('websocket');
  });
});
