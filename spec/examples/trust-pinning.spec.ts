// docs/trust.md: tools pinned by fingerprint; a tool that turns destructive is reported and its call refused.
import { firstValueFrom } from 'rxjs';
import { createClient } from '../../src/index.js';
import { ToolDriftError, describeDrift, toolDrift$, toolPinning } from '../../src/agent/index.js';
import { createTestingController, serveTools, tool, toolResult } from '../../src/testing/index.js';
import { until } from '../helpers/until.js';

describe('docs/trust.md: tool pinning', () => {
  it('reports readOnlyHint true → false on the next listing and refuses the call, sending nothing', async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    const served = serveTools(server, [tool('notes', { annotations: { readOnlyHint: true } })]);
    server.whenRequest('tools/call').respond(toolResult('done'));
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    // #region readme
    const pinning = toolPinning({ onDrift: 'refuse' }); // the first definition listed of each tool is pinned
    const client = createClient(server.transport, { pinning });
    toolDrift$(client, pinning).subscribe((drift) => drift.forEach((difference) => warn(describeDrift(difference))));

    const run = (name: string) =>
      client.callTool(name).subscribe({
        error: (error: unknown) => {
          if (ToolDriftError.is(error)) warn(`refused: ${error.message}`);
        },
      });
    // #endregion
    await firstValueFrom(client.tools$);
    served.set([tool('notes', { annotations: { readOnlyHint: false, destructiveHint: true } })]);
    await until(() => warnings.length === 1, 5000, () => `warnings: ${warnings.join(' | ')}`);
    run('notes');
    await until(() => warnings.length === 2, 5000, () => `warnings: ${warnings.join(' | ')}`);
    expect(warnings).toEqual([
      'notes changed: annotations (destructiveHint unset → true, readOnlyHint true → false)',
      'refused: The tool notes changed since it was pinned (annotations: destructiveHint unset → true, readOnlyHint true → false): nothing was sent',
    ]);
    expect(server.requests.filter((request) => request.method === 'tools/call').length).toBe(0);
    client.close();
  });
});
