import { firstValueFrom } from 'rxjs';
import { McpAbortError, createClient, toAsyncClient } from '../../src/index.js';
import { createTestingController, serveTools, text, tool, toolResult } from '../../src/testing/index.js';

describe('toAsyncClient', () => {
  it('resolves verbs with their decoded results', async () => {
    const server = createTestingController();
    serveTools(server, [tool('a')]);
    server.whenRequest('tools/call').respond((call) => toolResult(`called ${String(call.params['name'])}`));
    const client = toAsyncClient(createClient(server.transport));
    expect((await client.connect()).era).toBe('modern');
    expect((await client.listTools()).map((t) => t.name)).toEqual(['a']);
    expect((await client.callTool('a')).content).toEqual([text('called a')]);
    client.close();
  });

  it('delivers progress through onProgress', async () => {
    const server = createTestingController();
    server.whenRequest('tools/call').handle((call) => (call.progress(1, 2), call.progress(2, 2), call.respond(toolResult())));
    const client = toAsyncClient(createClient(server.transport));
    const seen: number[] = [];
    await client.callTool('t', {}, { onProgress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2]);
    client.close();
  });

  it('rejects with AbortError on abort and cancels the request on the wire', async () => {
    const server = createTestingController();
    server.whenRequest('tools/call').never();
    const client = toAsyncClient(createClient(server.transport));
    const controller = new AbortController();
    const call = client.callTool('slow', {}, { signal: controller.signal });
    const request = await firstValueFrom(server.requests$);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(McpAbortError.is(error)).toBeTrue();
    expect((error as Error).name).toBe('AbortError');
    server.expectCancelled(request);
    await expectAsync(client.listTools({ signal: AbortSignal.abort() })).toBeRejectedWith(jasmine.objectContaining({ name: 'AbortError' }));
    client.close();
  });
});
