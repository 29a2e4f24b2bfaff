import { wirePolicy } from '../../src/client/wire-policy.js';
import type { Envelope } from '../../src/client/envelope.js';
import { revisionOf } from '../../src/protocol/revisions.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';

const clientInfo = { name: 'spec', version: '1.0.0' };

function policy(version: ProtocolVersion, exchange: boolean, logLevel?: Envelope['logLevel']) {
  return wirePolicy(revisionOf(version), { version, capabilities: {}, clientInfo, logLevel }, exchange);
}

describe('wirePolicy requestOptions', () => {
  it('gives a plain 2025-03-26 call no options at all', () => {
    expect({ ...policy('2025-03-26', false).requestOptions('tools/call', { name: 'echo' }) }).toEqual({});
  });

  it('gives a plain 2025-11-25 call the version header only', () => {
    expect({ ...policy('2025-11-25', true).requestOptions('tools/call', { name: 'echo' }, {}) }).toEqual({ headers: { 'MCP-Protocol-Version': '2025-11-25' } });
  });

  it('gives a plain 2026-07-28 call the revision _meta with the log level, the same for every such call', () => {
    const wire = policy('2026-07-28', false, 'info');
    const first = wire.requestOptions('tools/call', { name: 'echo' }, {});
    const second = wire.requestOptions('tools/call', { name: 'other' }, {});
    expect(first.meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': clientInfo,
      'io.modelcontextprotocol/logLevel': 'info',
    });
    expect(first.headers?.['MCP-Protocol-Version']).toBe('2026-07-28');
    expect(Object.keys(first).sort()).toEqual(['headers', 'meta']);
    expect(second.meta).toEqual(first.meta);
  });

  it('carries every per-call option beside the _meta and headers, and only those given', () => {
    const onRequestId = (): void => undefined;
    const options = policy('2025-11-25', true).requestOptions('tools/call', { name: 'echo' }, { timeout: { totalMs: 5 }, progress: true, cancellable: false, onRequestId, meta: { k: 1 } });
    expect({ ...options }).toEqual({
      timeout: { totalMs: 5 },
      progress: true,
      cancellable: false,
      onRequestId,
      meta: { k: 1 },
      headers: { 'MCP-Protocol-Version': '2025-11-25' },
    });
    const limitsOnly = policy('2025-03-26', false).requestOptions('tools/call', undefined, { timeout: false });
    expect({ ...limitsOnly }).toEqual({ timeout: false });
  });

  it('leaves progress and cancellable out when they are the defaults', () => {
    const options = policy('2025-03-26', false).requestOptions('tools/call', undefined, { progress: false, cancellable: true });
    expect(Object.keys(options)).toEqual([]);
  });
});
