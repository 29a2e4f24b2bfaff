// README: the same call through toAsyncClient (real time): progress through onProgress, an AbortSignal to stop it.
import { createClient, toAsyncClient, type AsyncClient } from '../../src/index.js';
import { createTestingController, slowTool, text } from '../../src/testing/index.js';

async function build(mcp: AsyncClient, signal: AbortSignal, console: { log: (line: unknown) => void }): Promise<void> {
  // #region readme
  const result = await mcp.callTool('build', { target: 'all' }, {
    signal,                                               // aborting rejects with an AbortError and cancels on the wire
    onProgress: (p) => console.log(`${p.progress}/${p.total ?? '?'}`),
  });
  console.log(result.content);
  // #endregion
}

describe('README progress and cancellation without RxJS', () => {
  it('logs each progress report, then the result', async () => {
    const server = createTestingController();
    slowTool(server, 'build', { steps: 2, everyMs: 10 });
    const mcp = toAsyncClient(createClient(server.transport));
    const lines: unknown[] = [];
    await build(mcp, new AbortController().signal, { log: (line) => lines.push(line) });
    expect(lines).toEqual(['1/2', '2/2', [text('done')]]);
    mcp.close();
  });

  it('rejects with an AbortError and cancels the call on the wire when the signal aborts', async () => {
    const server = createTestingController();
    const rule = slowTool(server, 'build', { steps: 100, everyMs: 10 });
    const mcp = toAsyncClient(createClient(server.transport));
    const controller = new AbortController();
    const lines: unknown[] = [];
    const running = build(mcp, controller.signal, { log: (line) => { lines.push(line); if (lines.length === 2) controller.abort(); } });
    await expectAsync(running).toBeRejectedWith(jasmine.objectContaining({ name: 'AbortError' }));
    expect(lines).toEqual(['1/100', '2/100']);
    server.expectCancelled(rule.requests[0] ?? -1);
    mcp.close();
  });
});
