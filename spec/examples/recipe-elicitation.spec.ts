// README recipe: an elicitation handler, in both eras, with the user answering after the request's time limit.
import { map, of, timer } from 'rxjs';
import { createClient } from '../../src/index.js';
import { elicitForm, itInEachEra, text, toolResult } from '../../src/testing/index.js';
import { confirmWith } from './recipes/confirm-handler.js';

// #region readme
describe('confirmWith', () => {
  itInEachEra("asks the user and answers the server; the call's clock stands still meanwhile", (server, { expectObservable }) => {
    const dialog = { confirm: (question: string) => timer(8000).pipe(map(() => question === 'Book the 9:40 to Oslo?')) };
    const client = createClient(server.transport, { handlers: { elicitation: confirmWith(dialog) }, timeout: { firstMs: 5000 } });
    server.whenRequest('tools/call', { name: 'book' }).ask({ ok: elicitForm('Book the 9:40 to Oslo?', { confirmed: { type: 'boolean' } }) },
      ({ ok }) => toolResult(ok.action === 'accept' ? 'booked' : 'not booked'));
    expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('8000ms (r|)', { r: [text('booked')] });
  });

  itInEachEra('declines when the user says no', (server, { expectObservable }) => {
    const client = createClient(server.transport, { handlers: { elicitation: confirmWith({ confirm: () => of(false) }) } });
    server.whenRequest('tools/call').ask({ ok: elicitForm('Sure?', {}) }, ({ ok }) => toolResult(ok.action));
    expectObservable(client.callTool('book').pipe(map((r) => r.content))).toBe('(r|)', { r: [text('decline')] });
  });
});
// #endregion
