// README: a call with progress, stopped by a stream of the application (a Stop button), in both eras in virtual time.
import { NEVER, takeUntil, type Observable } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import { itInEachEra, slowTool, text } from '../../src/testing/index.js';

function build(client: Client, stop$: Observable<unknown>, console: { log: (line: unknown) => void }): void {
  // #region readme
  client.callToolEvents('build', { target: 'all' }).pipe(takeUntil(stop$))   // stop$: e.g. fromEvent(stopButton, 'click')
    .subscribe((event) => {
      if (event.type === 'progress') console.log(`${event.progress}/${event.total ?? '?'}`);
      if (event.type === 'result') console.log(event.result.content);
    });
  // #endregion
}

describe('README progress and cancellation', () => {
  itInEachEra('logs each progress report, then the result', (server, { flush }) => {
    slowTool(server, 'build', { steps: 3, everyMs: 100 });
    const lines: unknown[] = [];
    build(createClient(server.transport), NEVER, { log: (line) => lines.push(line) });
    flush();
    expect(lines).toEqual(['1/3', '2/3', '3/3', [text('done')]]);
  });

  itInEachEra('stops the call on the wire when stop$ emits', (server, { cold, flush }) => {
    const rule = slowTool(server, 'build', { steps: 3, everyMs: 100 });
    const lines: unknown[] = [];
    build(createClient(server.transport), cold('250ms s'), { log: (line) => lines.push(line) });
    flush();
    expect(lines).toEqual(['1/3', '2/3']);
    server.expectCancelled(rule.requests[0] ?? -1);
  });
});
