import { createSession } from '../../src/session/session.js';
import type { Diagnostic, RequestEvent } from '../../src/session/types.js';
import { marbleTransport, note, res } from '../../src/testing/index.js';
import { Subject } from 'rxjs';

// Found by the router property (spec/session/router.fuzz.spec.ts).
describe('progress notifications whose progress is not a number', () => {
  it('are one diagnostic each and reach the caller as no progress event', () => {
    const inbound = new Subject<unknown>();
    const session = createSession(marbleTransport(inbound).transport, { timeout: false });
    const diagnostics: Diagnostic[] = [];
    const events: RequestEvent[] = [];
    session.diagnostics$.subscribe((diagnostic) => diagnostics.push(diagnostic));
    session.requestEvents('tools/call', { name: 'slow' }, { progress: true }).subscribe((event) => events.push(event));
    inbound.next(note('notifications/progress', { progressToken: 0, progress: 'half' }));
    inbound.next(note('notifications/progress', { progressToken: 0 }));
    inbound.next(res(0, { content: [] }));
    expect(events).toEqual([{ type: 'result', result: { content: [] } }]);
    expect(diagnostics.length).toBe(2);
  });
});
