import { NEVER, of } from 'rxjs';
import { McpAbortError, createClient, createSession, inMemoryPair, toAsyncClient, type HandlerContext, type Params } from '../../src/index.js';
import { discoverResult } from '../helpers/mcp-fixtures.js';

function serve(handlers: Record<string, (params: Params, context: HandlerContext) => unknown>) {
  const [clientEnd, serverEnd] = inMemoryPair();
  const server = createSession(serverEnd, { handlers: handlers as never });
  server.connection$.subscribe();
  return { client: toAsyncClient(createClient(clientEnd)), server };
}

describe('toAsyncClient', () => {
  it('resolves verbs with their decoded results', async () => {
    const { client } = serve({
      'server/discover': () => discoverResult({ tools: {} }),
      'tools/list': () => ({ tools: [{ name: 'a', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'public' }),
      'tools/call': (params) => ({ content: [{ type: 'text', text: `called ${String(params['name'])}` }] }),
    });
    expect((await client.connect()).era).toBe('modern');
    expect((await client.listTools()).map((t) => t.name)).toEqual(['a']);
    expect((await client.callTool('a')).content).toEqual([{ type: 'text', text: 'called a' }]);
    client.close();
  });

  it('delivers progress through onProgress', async () => {
    const { client } = serve({
      'server/discover': () => discoverResult({ tools: {} }),
      'tools/call': (_params, context) => {
        context.progress(1, 2);
        context.progress(2, 2);
        return of({ content: [] });
      },
    });
    const seen: number[] = [];
    await client.callTool('t', {}, { onProgress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2]);
    client.close();
  });

  it('rejects with AbortError on abort and cancels the request on the wire', async () => {
    let serverSignal: AbortSignal | undefined;
    const { client } = serve({
      'server/discover': () => discoverResult({ tools: {} }),
      'tools/call': (_params, context) => ((serverSignal = context.signal), NEVER),
    });
    await client.connect();
    const controller = new AbortController();
    const call = client.callTool('slow', {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(McpAbortError.is(error)).toBeTrue();
    expect((error as Error).name).toBe('AbortError');
    expect(serverSignal?.aborted).toBeTrue();
    await expectAsync(client.listTools({ signal: AbortSignal.abort() })).toBeRejectedWith(jasmine.objectContaining({ name: 'AbortError' }));
    client.close();
  });
});
