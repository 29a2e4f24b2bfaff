// The first example of the README's testing section, kept here so that it is type-checked and run.
import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/index.js';
import { createTestingController, toolResult } from '../../src/testing/index.js';

describe('README testing example', () => {
  it('answers a tool call the test expects', async () => {
    // #region readme
    const server = createTestingController({ revision: '2025-11-25' }); // default 2026-07-28, every capability declared
    const client = createClient(server.transport);

    const answer = lastValueFrom(client.callTool('weather', { city: 'Oslo' }));
    server.expectRequest('tools/call', { name: 'weather' }).respond(toolResult('sunny'));
    expect((await answer).content).toEqual([{ type: 'text', text: 'sunny' }]);
    server.verify();
    // #endregion
  });
});
