import { SchemaError } from '../../src/index.js';
import { ParseError, createSession } from '../../src/session/index.js';
import { err, malformed, marbleTransport, note, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('Session.diagnostics$', () => {
  it('reports bad input and keeps the session and every other pending request going', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a-b-c-d-e-f-g', {
        a: malformed('not json at all'),
        b: { hello: 'world' },
        c: res(42, { stray: true }),
        d: res(0, { ok: 1 }),
        e: res(0, { duplicate: true }),
        f: err(null, -32700, 'Parse error'),
        g: res(1, { ok: 2 }),
      });
      const session = createSession(marbleTransport(inbound).transport);
      expectObservable(session.request('first')).toBe('-------(r|)', { r: { ok: 1 } });
      expectObservable(session.request('second')).toBe('-------------(r|)', { r: { ok: 2 } });
      expectObservable(session.diagnostics$.pipe()).toBe('-a-b-c---e-f', {
        a: {
          kind: 'malformed-frame', message: 'Inbound frame is not JSON (Unexpected token): dropped',
          error: new ParseError('not json at all'), value: 'not json at all',
        },
        b: {
          kind: 'invalid-message', message: 'Inbound value is not a JSON-RPC message: jsonrpc must be "2.0"',
          error: new SchemaError('Not a JSON-RPC message: jsonrpc must be "2.0"'), value: { hello: 'world' },
        },
        c: { kind: 'unknown-response', message: 'Response to an id this session never sent (42): dropped', value: res(42, { stray: true }) },
        e: {
          kind: 'late-response', message: 'Response to request 0, which is no longer pending (answered or cancelled): dropped',
          value: res(0, { duplicate: true }),
        },
        f: { kind: 'unknown-response', message: 'Response to an id this session never sent (null): dropped', value: err(null, -32700, 'Parse error') },
      });
    });
  });

  it('reports an empty batch and envelope errors without throwing', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a-b-c', {
        a: [],
        b: { jsonrpc: '2.0', method: 5 },
        c: note('still/alive'),
      });
      const session = createSession(marbleTransport(inbound).transport);
      session.connection$.subscribe();
      expectObservable(session.notifications$).toBe('-----c', { c: note('still/alive') });
      expectObservable(session.diagnostics$.pipe()).toBe('-a-b', {
        a: { kind: 'empty-batch', message: 'Inbound batch is empty: dropped', value: [] },
        b: {
          kind: 'invalid-message', message: 'Inbound value is not a JSON-RPC message: method must be a string',
          error: new SchemaError('Not a JSON-RPC message: method must be a string'), value: { jsonrpc: '2.0', method: 5 },
        },
      });
    });
  });
});
