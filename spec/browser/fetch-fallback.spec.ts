import { firstValueFrom } from 'rxjs';
import { streamableHttp, TransportError } from '../../src/index.js';

// Browser-only (karma): bundles leave the cross-fetch ponyfill out, so where a page has no `fetch` the transport says
// so with a TransportError instead of failing somewhere inside a request.
describe('streamableHttp in a browser without a global fetch', () => {
  it('fails the first request with a TransportError that says to pass `fetch`, cross-fetch not being bundled', async () => {
    const platform = globalThis.fetch;
    let transport: ReturnType<typeof streamableHttp>;
    try {
      delete (globalThis as { fetch?: typeof fetch }).fetch;
      transport = streamableHttp(`${location.origin}/mcp`);
    } finally {
      globalThis.fetch = platform;
    }
    const error = await firstValueFrom(transport.exchange({ message: { jsonrpc: '2.0', id: 1, method: 'ping' } })).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(TransportError.is(error)).toBeTrue();
    expect((error as TransportError).message).toContain('no global fetch and the cross-fetch ponyfill could not be loaded');
    expect((error as TransportError).message).toContain('pass `fetch`');
  });
});
