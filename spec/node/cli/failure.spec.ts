import { ConnectTimeoutError, RequestTimeoutError, RpcError, TransportError } from '../../../src/index.js';
import { AuthError } from '../../../src/auth/index.js';
import { causeChain, describeFailure, systemCodes } from '../../../src/cli/failure.js';

/** A network failure as undici reports it: `TypeError('fetch failed')` with the system error as its cause. */
function fetchFailure(cause: Error): TransportError {
  return new TransportError('POST https://mcp.example.com/mcp failed: fetch failed', { cause: new TypeError('fetch failed', { cause }) });
}

const systemError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

describe('describeFailure (what the errors carry, mapped in one place)', () => {
  const context = { phase: 'connect' as const, target: 'https://mcp.example.com/mcp' };

  it('DNS: a host that does not resolve (ENOTFOUND, EAI_AGAIN)', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const failure = describeFailure(fetchFailure(systemError(code, `getaddrinfo ${code} mcp.example.com`)), context);
      expect(failure).toEqual(jasmine.objectContaining({ exitCode: 4, step: 'dns', message: `Cannot resolve mcp.example.com: no such host (${code})` }));
    }
  });

  it('refused: also inside an AggregateError (each address of a dual-stack host refused)', () => {
    const refused = new AggregateError([systemError('ECONNREFUSED', 'connect ECONNREFUSED ::1:3000'), systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3000')]);
    expect(describeFailure(fetchFailure(refused), context).step).toBe('refused');
    expect(systemCodes(fetchFailure(refused))).toEqual(['ECONNREFUSED']);
  });

  it('TLS: certificate failures by their system codes', () => {
    for (const code of ['CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      const failure = describeFailure(fetchFailure(systemError(code, code)), context);
      expect(failure).withContext(code).toEqual(jasmine.objectContaining({ exitCode: 4, step: 'tls', hint: 'Check the server certificate' }));
    }
  });

  it('auth: an AuthError anywhere in the chain exits 3 with its reason', () => {
    const failure = describeFailure(new TransportError('x', { cause: new AuthError('discovery', 'no metadata') }), context);
    expect(failure).toEqual(jasmine.objectContaining({ exitCode: 3, step: 'auth', message: 'Authorization failed: no metadata' }));
    expect(failure.details?.['reason']).toBe('discovery');
  });

  it('timeouts: unreachable (4) before the server answered, 1 afterwards', () => {
    expect(describeFailure(new RequestTimeoutError('initialize', 'first', 100), context)).toEqual(jasmine.objectContaining({ exitCode: 4, step: 'timeout' }));
    expect(describeFailure(new ConnectTimeoutError(100), { ...context, phase: 'request' }).exitCode).toBe(4);
    expect(describeFailure(new RequestTimeoutError('tools/call', 'idle', 100), { ...context, phase: 'request' })).toEqual(jasmine.objectContaining({ exitCode: 1, step: 'timeout' }));
  });

  it('a server error answering the verb exits 5; method not found is "not-found"', () => {
    expect(describeFailure(new RpcError(-32602, 'Unknown tool: x', { method: 'tools/call' }), { ...context, phase: 'request' })).toEqual(jasmine.objectContaining({ exitCode: 5, step: 'server' }));
    expect(describeFailure(new RpcError(-32601, 'Method not found', { method: 'prompts/get' }), { ...context, phase: 'request' }).step).toBe('not-found');
  });

  it('walks cause chains without looping on a cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(causeChain(a).length).toBe(2);
  });
});
