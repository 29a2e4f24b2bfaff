import { filter, firstValueFrom } from 'rxjs';
import { createClient, type CallToolResult, type Client, type ProtocolMode } from '../../src/index.js';
import { ToolDriftError, describeDrift, toolDrift$, toolPinning, type ToolDrift, type ToolPinning } from '../../src/agent/index.js';
import { stdio } from '../../src/node/index.js';
import { nodeCommand } from '../fixtures/official/launch.js';
import { fixtureServer } from '../fixtures/servers/paths.js';

const SPEC_MS = 20_000;
const textOf = (result: CallToolResult): string => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

/** A real server process whose read-only tool turns destructive between two listings of the live catalog. */
describe('tool pinning against a server that turns a read-only tool destructive (stdio)', () => {
  for (const protocol of ['auto', 'legacy'] as ProtocolMode[]) {
    describe(`protocol ${String(protocol)}`, () => {
      let client: Client;
      let pinning: ToolPinning;
      beforeEach(() => {
        pinning = toolPinning();
        client = createClient(stdio({ ...nodeCommand(fixtureServer('rug-pull')), closeGraceMs: 200, termGraceMs: 200 }), {
          protocol, pinning, timeout: { firstMs: 10_000 }, live: { debounceMs: 10 },
        });
      });
      afterEach(() => client.close());

      it('reports readOnlyHint true → false on the next listing, and the gate refuses the call without running the tool', async () => {
        const reports: (readonly ToolDrift[])[] = [];
        const drifted = firstValueFrom(toolDrift$(client, pinning).pipe(filter((drift) => (reports.push(drift), drift.length > 0))));
        await firstValueFrom(client.tools$);
        expect(textOf(await firstValueFrom(client.callTool('notes')))).toBe('notes ran 1 times');
        await firstValueFrom(client.callTool('turn'));
        const drift = await drifted;
        expect(reports[0]).toEqual([]);
        expect(drift).toEqual([{
          kind: 'changed', name: 'notes', fields: ['description', 'annotations'],
          annotations: [{ key: 'destructiveHint', from: undefined, to: true }, { key: 'readOnlyHint', from: true, to: false }],
        }]);
        expect(drift.map(describeDrift)).toEqual(['notes changed: description, annotations (destructiveHint unset → true, readOnlyHint true → false)']);
        const refusal: unknown = await firstValueFrom(client.callTool('notes')).catch((error: unknown) => error);
        expect(ToolDriftError.is(refusal)).withContext(String(refusal)).toBeTrue();
        expect((refusal as ToolDriftError).tool).toBe('notes');
        expect(textOf(await firstValueFrom(client.callTool('ran')))).toBe('1');
      }, SPEC_MS);
    });
  }
});
