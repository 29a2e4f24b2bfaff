// README: links around every call (a logging link, retryLink), run against the testing controller in both eras.
import { tap } from 'rxjs';
import { createClient, retryLink, type Link } from '../../src/index.js';
import { itInEachEra, serveTools, tool, toolResult } from '../../src/testing/index.js';

describe('README links', () => {
  itInEachEra('logs each call once with its outcome, and retries a transient failure', (server, { flush }) => {
    serveTools(server, [tool('search')]);
    server.whenRequest('tools/call').respond(toolResult('found'));
    const lines: string[] = [];
    const console = { log: (line: string) => lines.push(line.replace(/\d+ ms/, 'n ms')) };
    // #region readme
    const logging: Link = (call, next) => {
      const started = Date.now();
      return next(call).pipe(
        tap({
          complete: () => console.log(`${call.method} ok in ${Date.now() - started} ms`),
          error: (error: Error) => console.log(`${call.method} failed: ${error.message}`),
        }),
      );
    };
    const client = createClient(server.transport, {
      links: [logging, retryLink({ count: 3, initialDelayMs: 200 })],
    });
    client.callTool('search', { q: 'rxjs' }).subscribe();
    // #endregion
    flush();
    expect(lines).toContain('tools/call ok in n ms');
    expect(lines.filter((line) => line.startsWith('tools/call')).length).toBe(1);
    client.close();
  });
});
