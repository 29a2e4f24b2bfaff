import { map } from 'rxjs';
import { MethodNotFoundError, NegotiationError, createClient } from '../../src/index.js';
import { UnsupportedProtocolVersionError } from '../../src/protocol/index.js';
import { err, marbleTransport, note, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { SERVER_INFO, discoverResult, initializeParams, initializeResult, modernMeta } from '../helpers/mcp-fixtures.js';

const discover = (id: number, version = '2026-07-28') =>
  req(id, 'server/discover', { _meta: { ...modernMeta(), 'io.modelcontextprotocol/protocolVersion': version } });
const initialized = note('notifications/initialized');

describe('createClient negotiation', () => {
  it('auto: a DiscoverResult means 2026-07-28, with server info, capabilities and instructions', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a', { a: res(0, discoverResult()) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => [s.era, s.protocolVersion, s.serverInfo, s.instructions]))).toBe('--(a|)', {
        a: ['modern', '2026-07-28', SERVER_INFO, 'Use the tools.'],
      });
      expectObservable(outbound$).toBe('d', { d: discover(0) });
      expectObservable(client.server$.pipe(map((s) => s?.era))).toBe('u-m', { u: undefined, m: 'modern' });
    });
  });

  it('auto: -32022 proves a modern server; the probe is retried with a version it lists', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const unsupported = err(0, -32022, 'Unsupported protocol version', { supported: ['2026-07-28', '2025-11-25'], requested: '2027-01-01' });
      const inbound = hot('--a--b', { a: unsupported, b: res(1, discoverResult()) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => s.protocolVersion))).toBe('-----(v|)', { v: '2026-07-28' });
      expectObservable(outbound$).toBe('d-r', { d: discover(0), r: discover(1) });
    });
  });

  it('auto: -32601 (any error that is not modern) means legacy: initialize, then notifications/initialized', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a--b', { a: err(0, -32601, 'Method not found'), b: res(1, initializeResult('2025-06-18')) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => [s.era, s.protocolVersion, s.instructions]))).toBe('-----(a|)', {
        a: ['legacy', '2025-06-18', 'Legacy server.'],
      });
      expectObservable(outbound$).toBe('d-i--n', { d: discover(0), i: req(1, 'initialize', initializeParams()), n: initialized });
    });
  });

  it('auto: an answer to the probe that is not a DiscoverResult (an empty result) means legacy', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a--b', { a: res(0, {}), b: res(1, initializeResult('2025-11-25')) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => [s.era, s.protocolVersion]))).toBe('-----(a|)', { a: ['legacy', '2025-11-25'] });
      expectObservable(outbound$).toBe('d-i--n', { d: discover(0), i: req(1, 'initialize', initializeParams()), n: initialized });
    });
  });

  it('auto: no answer within the probe timeout means legacy; the probe is cancelled', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('---------a', { a: res(1, initializeResult()) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { probeTimeoutMs: 5 });
      expectObservable(client.connect().pipe(map((s) => s.era))).toBe('---------(l|)', { l: 'legacy' });
      expectObservable(outbound$).toBe('d----(ci)n', {
        d: discover(0),
        c: note('notifications/cancelled', { requestId: 0, reason: 'Request cancelled by the client' }),
        i: req(1, 'initialize', initializeParams()),
        n: initialized,
      });
    });
  });

  it('fails with NegotiationError when there is no common version, and disconnects nothing else', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a--b', { a: err(0, -32601, 'nope'), b: res(1, initializeResult('2023-01-01')) });
      const client = createClient(marbleTransport(inbound).transport);
      expectObservable(client.connect()).toBe('-----#', undefined, new NegotiationError('The server answered initialize with revision "2023-01-01", which the client does not accept'));
    });
  });

  it('-32022 listing only legacy versions means a dual-era server: initialize with the newest of them', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const unsupported = err(0, -32022, 'Unsupported', { supported: ['2025-03-26'], requested: '2026-07-28' });
      const inbound = hot('-a-b', { a: unsupported, b: res(1, initializeResult('2025-03-26')) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => s.protocolVersion))).toBe('---(v|)', { v: '2025-03-26' });
      expectObservable(outbound$).toBe('di-n', { d: discover(0), i: req(1, 'initialize', initializeParams('2025-03-26')), n: initialized });
    });
  });

  it('legacy mode skips the probe; a pinned legacy version must be answered exactly', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a', { a: res(0, initializeResult('2025-11-25')) });
      const { transport, outbound$ } = marbleTransport(inbound);
      expectObservable(createClient(transport, { protocol: 'legacy' }).connect().pipe(map((s) => s.protocolVersion))).toBe('-(v|)', { v: '2025-11-25' });
      expectObservable(outbound$).toBe('in', { i: req(0, 'initialize', initializeParams()), n: initialized });
      const pinned = createClient(marbleTransport(hot('-a', { a: res(0, initializeResult('2025-06-18')) })).transport, { protocol: { pin: '2025-11-25' } });
      expectObservable(pinned.connect()).toBe('-#', undefined, new NegotiationError('The server answered initialize with revision "2025-06-18", which the client does not accept'));
    });
  });

  it('modern mode never falls back to initialize', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('-a', { a: err(0, -32601, 'Method not found') });
      const client = createClient(marbleTransport(inbound).transport, { protocol: 'modern' });
      expectObservable(client.connect()).toBe('-#', undefined, new MethodNotFoundError('Method not found'));
    });
  });

  it('a pinned 2026-07-28 refused with -32022 is retried once when the server lists it, and fails when it does not', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const refused = (supported: string[]) => err(0, -32022, 'Unsupported protocol version', { supported, requested: '2026-07-28' });
      const inbound = hot('-a-b', { a: refused(['2026-07-28']), b: res(1, discoverResult()) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const pinned = createClient(transport, { protocol: { pin: '2026-07-28' } });
      expectObservable(pinned.connect().pipe(map((s) => s.protocolVersion))).toBe('---(v|)', { v: '2026-07-28' });
      expectObservable(outbound$).toBe('dr', { d: discover(0), r: discover(1) });
      const elsewhere = createClient(marbleTransport(hot('-a', { a: refused(['2025-11-25']) })).transport, { protocol: { pin: '2026-07-28' } });
      expectObservable(elsewhere.connect()).toBe('-#', undefined, new UnsupportedProtocolVersionError('Unsupported protocol version', { data: { supported: ['2025-11-25'], requested: '2026-07-28' } }));
    });
  });

  it('negotiates once per connection and shares it between concurrent calls', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('--a', { a: res(0, discoverResult()) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport);
      expectObservable(client.connect().pipe(map((s) => s.era))).toBe('--(m|)', { m: 'modern' });
      expectObservable(client.connect().pipe(map((s) => s.era)), '-^').toBe('--(m|)', { m: 'modern' });
      expectObservable(client.connect().pipe(map((s) => s.era)), '----^').toBe('----(m|)', { m: 'modern' });
      expectObservable(outbound$).toBe('d', { d: discover(0) });
    });
  });
});
