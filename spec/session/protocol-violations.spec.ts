import { map } from 'rxjs';
import { MessageTooLargeError, SchemaError, TransportError, type Diagnostic } from '../../src/index.js';
import { createSession } from '../../src/session/index.js';
import { failed, marbleTransport, oversized, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const kinds = (diagnostics: Diagnostic[]) => diagnostics.map((d) => d.kind);

describe('Session answers that break the protocol', () => {
  it('fails at once the request whose response carries both result and error, and goes on with the others', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const both = { jsonrpc: '2.0', id: 0, result: {}, error: { code: 1, message: 'x' } };
      const session = createSession(marbleTransport(hot('-a-b', { a: both, b: res(1, { ok: true }) })).transport);
      expectObservable(session.request('tools/call')).toBe(
        '-#', undefined, new SchemaError('The response to tools/call (request 0) is not a valid JSON-RPC response: a response needs exactly one of result and error'),
      );
      expectObservable(session.request('ping')).toBe('---(r|)', { r: { ok: true } });
      expectObservable(session.diagnostics$.pipe(map((d) => d.kind))).toBe('-i', { i: 'invalid-message' });
    });
  });

  it('fails at once the request whose error response has no integer code', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const broken = { jsonrpc: '2.0', id: 0, error: { message: 'no code' } };
      const session = createSession(marbleTransport(hot('--a', { a: broken })).transport);
      expectObservable(session.request('x')).toBe(
        '--#', undefined, new SchemaError('The response to x (request 0) is not a valid JSON-RPC response: error must be an object with an integer code and a string message'),
      );
    });
  });

  it('fails only the request an oversized message answered, read from the start of the line, and keeps the connection', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a-b', { a: oversized('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"aaaa', 70_000_000, 1000), b: res(0, { fine: true }) });
      const session = createSession(marbleTransport(inbound).transport);
      const seen: Diagnostic[] = [];
      session.diagnostics$.subscribe((d) => seen.push(d));
      expectObservable(session.request('small')).toBe('----(r|)', { r: { fine: true } });
      expectObservable(session.request('big')).toBe('--#', undefined, new MessageTooLargeError({ limit: 1000, size: 70_000_000 }));
      expectObservable(session.state$.pipe(map((s) => s.status))).toBe('o', { o: 'open' });
      hot('-----x').subscribe(() => {
        expect(kinds(seen)).toEqual(['oversized-message']);
        expect(seen[0]?.message).toContain('request 1 (big) failed');
      });
    });
  });

  it('reports an oversized message whose id cannot be read from its start, failing nothing', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const session = createSession(marbleTransport(hot('-a--b', { a: oversized('{"jsonrpc":"2.0","result":{"text":"aaaa', 5000, 1000), b: res(0, {}) })).transport);
      expectObservable(session.request('x')).toBe('----(r|)', { r: {} });
      expectObservable(session.diagnostics$.pipe(map((d) => d.message))).toBe('-m', {
        m: 'Inbound message exceeds the maximum of 1000 bytes (5000 bytes so far): skipped; no pending request could be told from its start',
      });
    });
  });

  it('fails the request whose frame the transport could not deliver, and reports a lost frame of no request', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const refused = new TransportError('HTTP 503 Service Unavailable', { status: 503 });
      const inbound = hot('-a-b-c', {
        a: failed(refused, 0, 'tools/call'),
        b: failed(refused, undefined, 'notifications/progress'),
        c: res(1, {}),
      });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('tools/call')).toBe('-#', undefined, refused);
      expectObservable(session.request('ping')).toBe('-----(r|)', { r: {} });
      expectObservable(session.diagnostics$.pipe(map((d) => `${d.kind}: ${d.message}`))).toBe('---d', {
        d: 'send-failed: A notifications/progress frame could not be delivered and is lost: HTTP 503 Service Unavailable',
      });
    });
  });
});

describe('Session frame tap on per-request streams', () => {
  it('shows the outbound request of a transport with exchange, then what arrives on its stream', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const { transport } = marbleTransport(hot('-'), { exchange: () => cold('--r', { r: res(0, { ok: 1 }) }) });
      const session = createSession(transport);
      const describe = (message: unknown) => ('method' in (message as object) ? (message as { method: string }).method : 'response');
      expectObservable(session.frames$.pipe(map((f) => `${f.direction} ${describe(f.direction === 'out' ? f.frame.message : f.frame.message)}`))).toBe('o-i', {
        o: 'out tools/list', i: 'in response',
      });
      hot('x').subscribe(() => session.request('tools/list').subscribe());
    });
  });
});
