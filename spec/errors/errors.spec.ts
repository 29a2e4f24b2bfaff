import {
  ConnectionClosedError, McpAbortError, McpError, OutputSchemaError, RequestTimeoutError, RpcError, SchemaError, TransportError, UnsupportedMethodError,
} from '../../src/index.js';
import { ParseError } from '../../src/session/index.js';

describe('McpError', () => {
  it('gives every error a name equal to its class, a string code and an optional cause', () => {
    const cause = new Error('socket hang up');
    const cases: [McpError, string, string][] = [
      [new RpcError(-32601, 'Method not found'), 'RpcError', 'rpc'],
      [new TransportError('down', { cause, status: 502 }), 'TransportError', 'transport'],
      [new ConnectionClosedError(), 'ConnectionClosedError', 'closed'],
      [new RequestTimeoutError('ping', 'first', 10), 'RequestTimeoutError', 'timeout'],
      [new SchemaError('bad'), 'SchemaError', 'schema'],
      [new ParseError('{'), 'ParseError', 'parse'],
      [new UnsupportedMethodError('no'), 'UnsupportedMethodError', 'unsupported'],
      [new McpAbortError(), 'AbortError', 'aborted'],
      [new OutputSchemaError('no match', { tool: 't', reason: 'mismatch' }), 'OutputSchemaError', 'output-schema'],
    ];
    for (const [error, name, code] of cases) {
      expect(error.name).toBe(name);
      expect(error.code).toBe(code);
      expect(error instanceof Error).toBeTrue();
      expect(McpError.is(error)).toBeTrue();
    }
    expect(new TransportError('down', { cause }).cause).toBe(cause);
    expect(new TransportError('down', { status: 502 }).status).toBe(502);
  });

  it('narrows with static is(), by class and by ancestry, not by accident', () => {
    const rpc = new RpcError(-1, 'rejected', { data: { why: 'user' }, method: 'sampling/createMessage' });
    expect(RpcError.is(rpc)).toBeTrue();
    expect(McpError.is(rpc)).toBeTrue();
    expect(TransportError.is(rpc)).toBeFalse();
    expect(RpcError.is(new Error('plain'))).toBeFalse();
    expect(RpcError.is({ code: 'rpc', name: 'RpcError' })).toBeFalse();
    expect(RpcError.is(null)).toBeFalse();
    class ProcessGone extends TransportError {
      static override readonly kind: string = 'ProcessGone';
    }
    const gone = new ProcessGone('exit 3');
    expect(gone.name).toBe('ProcessGone');
    expect(TransportError.is(gone)).toBeTrue();
    expect(ProcessGone.is(new TransportError('x'))).toBeFalse();
  });

  it('recognises errors from another copy of the package (same brand, different classes)', () => {
    const foreign = Object.assign(new Error('from another bundle'), {
      [Symbol.for('rxmcp.error.kinds')]: ['RpcError', 'McpError'],
      code: 'rpc',
      rpcCode: -32000,
    });
    expect(RpcError.is(foreign)).toBeTrue();
    expect(McpError.is(foreign)).toBeTrue();
    expect(TransportError.is(foreign)).toBeFalse();
  });

  it('normalises anything a transport throws with TransportError.from', () => {
    const wrapped = TransportError.from(new TypeError('fetch failed'));
    expect(TransportError.is(wrapped)).toBeTrue();
    expect(wrapped.message).toBe('fetch failed');
    expect((wrapped.cause as Error).name).toBe('TypeError');
    const timeout = new RequestTimeoutError('x', 'total', 5);
    expect(TransportError.from(timeout)).toBe(timeout);
    expect(TransportError.from('string failure').message).toBe('string failure');
  });

  it('keeps a bounded copy of unparseable text in ParseError', () => {
    const error = new ParseError('x'.repeat(500));
    expect(error.raw.length).toBe(200);
    expect(error.message.length).toBeLessThan(100);
  });
});
