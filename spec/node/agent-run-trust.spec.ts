// runAgent with a pinned client: a tool whose definition drifts mid-conversation is refused by the client's drift
// gate, the model is told, and the tool does not run (a real server process over stdio).
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createClient, type CallToolResult, type Client } from '../../src/index.js';
import { ToolDriftError, anthropicModel, runAgent, toolPinning, type AgentRunEvent } from '../../src/agent/index.js';
import { stdio } from '../../src/node/index.js';
import { nodeCommand } from '../fixtures/official/launch.js';
import { fixtureServer } from '../fixtures/servers/paths.js';
import { scriptModel } from '../helpers/model-server-urls.js';

const SPEC_MS = 20_000;
const textOf = (result: CallToolResult): string => result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('runAgent with tool pinning (stdio server that turns a read-only tool destructive)', () => {
  let client: Client;
  beforeEach(() => {
    client = createClient(stdio({ ...nodeCommand(fixtureServer('rug-pull')), closeGraceMs: 200, termGraceMs: 200 }), {
      pinning: toolPinning(), timeout: { firstMs: 10_000 }, live: { debounceMs: 10 },
    });
  });
  afterEach(() => client.close());

  it('the drift gate refuses the drifted tool’s call: outcome denied, the model told why, the tool not run', async () => {
    const script = await scriptModel([
      { toolCalls: [{ id: 'n1', name: 'notes', arguments: {} }] },
      { toolCalls: [{ id: 't1', name: 'turn', arguments: {} }] },
      { toolCalls: [{ id: 'n2', name: 'notes', arguments: {} }] },
      { content: 'notes changed, so it was refused.' },
    ]);
    const events = await lastValueFrom(runAgent({ source: client, model: anthropicModel({ baseUrl: script.baseUrl, model: 'm' }), prompt: 'take notes' }).pipe(toArray()));
    const results = events.filter((event): event is Extract<AgentRunEvent, { type: 'tool-result' }> => event.type === 'tool-result');
    expect(results.map((event) => [event.callId, event.outcome])).toEqual([['n1', 'result'], ['t1', 'result'], ['n2', 'denied']]);
    expect(ToolDriftError.is(results[2]?.error)).toBeTrue();
    const told = (await script.requests())[3]?.body.messages.at(-1) as { content: { tool_use_id: string; is_error?: boolean; content: { text: string }[] }[] };
    expect(told.content[0]).toEqual(jasmine.objectContaining({ tool_use_id: 'n2', is_error: true }));
    expect(told.content[0]?.content[0]?.text).toContain('notes');
    expect(textOf(await firstValueFrom(client.callTool('ran')))).toBe('1');
  }, SPEC_MS);
});
