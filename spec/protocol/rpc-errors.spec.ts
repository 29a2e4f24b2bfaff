import { RpcError } from '../../src/errors/errors.js';
import { McpError } from '../../src/errors/mcp-error.js';
import {
  HeaderMismatchError,
  MethodNotFoundError,
  MissingRequiredClientCapabilityError,
  ResourceNotFoundError,
  rpcErrorFrom,
  UnsupportedProtocolVersionError,
  UrlElicitationRequiredError,
} from '../../src/errors/rpc-errors.js';

describe('rpcErrorFrom', () => {
  it('builds UnsupportedProtocolVersionError with the supported and requested versions', () => {
    const data = { supported: ['2026-07-28', 7, '2025-11-25'], requested: '1900-01-01' };
    const error = rpcErrorFrom({ code: -32022, message: 'Unsupported protocol version', data }, 'tools/list');
    expect(UnsupportedProtocolVersionError.is(error)).toBeTrue();
    const typed = error as UnsupportedProtocolVersionError;
    expect(typed.supported).toEqual(['2026-07-28', '2025-11-25']);
    expect(typed.requested).toBe('1900-01-01');
    expect(typed.rpcCode).toBe(-32022);
    expect(typed.method).toBe('tools/list');
    expect(typed.name).toBe('UnsupportedProtocolVersionError');
  });

  it('tolerates missing data on the 2026-07-28 errors', () => {
    const version = rpcErrorFrom({ code: -32022, message: 'x' }) as UnsupportedProtocolVersionError;
    expect(version.supported).toEqual([]);
    expect(version.requested).toBeUndefined();
    const capability = rpcErrorFrom({ code: -32021, message: 'x', data: 'nope' }) as MissingRequiredClientCapabilityError;
    expect(MissingRequiredClientCapabilityError.is(capability)).toBeTrue();
    expect(capability.requiredCapabilities).toEqual({});
  });

  it('builds MissingRequiredClientCapabilityError with the required capabilities', () => {
    const error = rpcErrorFrom({ code: -32021, message: 'needs elicitation', data: { requiredCapabilities: { elicitation: {} } } });
    expect((error as MissingRequiredClientCapabilityError).requiredCapabilities).toEqual({ elicitation: {} });
  });

  it('builds HeaderMismatchError and MethodNotFoundError', () => {
    expect(HeaderMismatchError.is(rpcErrorFrom({ code: -32020, message: 'Mcp-Name mismatch' }))).toBeTrue();
    const missing = rpcErrorFrom({ code: -32601, message: 'Method not found' }, 'prompts/list');
    expect(MethodNotFoundError.is(missing)).toBeTrue();
    expect(missing.method).toBe('prompts/list');
  });

  it('builds UrlElicitationRequiredError with the well-formed URL elicitations only', () => {
    const good = { mode: 'url', elicitationId: 'e1', url: 'https://example.com/auth', message: 'Sign in' };
    const error = rpcErrorFrom({ code: -32042, message: 'URL elicitation required', data: { elicitations: [good, { mode: 'form' }] } });
    expect(UrlElicitationRequiredError.is(error)).toBeTrue();
    expect((error as UrlElicitationRequiredError).elicitations).toEqual([good as never]);
  });

  it('maps -32002 to ResourceNotFoundError whatever the method', () => {
    const error = rpcErrorFrom({ code: -32002, message: 'Resource not found', data: { uri: 'file:///x' } }, 'resources/read');
    expect(ResourceNotFoundError.is(error)).toBeTrue();
    expect((error as ResourceNotFoundError).uri).toBe('file:///x');
    expect(error.rpcCode).toBe(-32002);
    expect(ResourceNotFoundError.is(rpcErrorFrom({ code: -32002, message: 'x' }))).toBeTrue();
  });

  it('maps -32602 to ResourceNotFoundError only for resources/read', () => {
    const read = rpcErrorFrom({ code: -32602, message: 'Resource not found' }, 'resources/read');
    expect(ResourceNotFoundError.is(read)).toBeTrue();
    expect(read.rpcCode).toBe(-32602);
    const call = rpcErrorFrom({ code: -32602, message: 'Unknown tool' }, 'tools/call');
    expect(ResourceNotFoundError.is(call)).toBeFalse();
    expect(call.name).toBe('RpcError');
    expect(ResourceNotFoundError.is(rpcErrorFrom({ code: -32602, message: 'x' }))).toBeFalse();
  });

  it('keeps other codes, including pre-release 2026 codes, as plain RpcError with their data', () => {
    for (const code of [-32001, -32003, -32603, -32700, 1]) {
      const error = rpcErrorFrom({ code, message: 'm', data: { code } });
      expect(error.name).withContext(String(code)).toBe('RpcError');
      expect(error.rpcCode).toBe(code);
      expect(error.data).toEqual({ code });
    }
  });

  it('gives every class a distinct brand under RpcError and McpError', () => {
    const errors = [
      new MethodNotFoundError('a'),
      new ResourceNotFoundError('b'),
      new UnsupportedProtocolVersionError('c'),
      new HeaderMismatchError('d'),
      new MissingRequiredClientCapabilityError('e'),
      new UrlElicitationRequiredError('f'),
    ];
    expect(new Set(errors.map((e) => e.name)).size).toBe(errors.length);
    for (const error of errors) {
      expect(RpcError.is(error)).withContext(error.name).toBeTrue();
      expect(McpError.is(error)).toBeTrue();
      expect(error.code).toBe('rpc');
    }
    expect(MethodNotFoundError.is(new HeaderMismatchError('x'))).toBeFalse();
    expect([errors[0]?.rpcCode, errors[3]?.rpcCode, errors[4]?.rpcCode]).toEqual([-32601, -32020, -32021]);
  });
});
