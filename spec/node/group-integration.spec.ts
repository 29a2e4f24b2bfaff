import { filter, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { OutputSchemaError, createClientGroup, type ClientGroup, type GroupTool, type Tool } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { EVERYTHING_ENTRY } from '../helpers/everything.js';

const fast = { closeGraceMs: 300, termGraceMs: 300 };
const exampleServer = () => stdio({ ...nodeCommand(exampleServerFile('example-server.ts')), ...fast });
const everythingServer = () => stdio({ command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], ...fast });

async function settled(group: ClientGroup) {
  return firstValueFrom(group.toolsState$.pipe(filter((state) => !state.refreshing)));
}

describe('a client group of real servers: the bundled example server and @modelcontextprotocol/server-everything', () => {
  let group: ClientGroup;
  afterEach(() => group.close());

  it('merges both tool lists under server names, routes calls, resources and prompts, and checks structured output', async () => {
    group = createClientGroup({ example: exampleServer(), everything: everythingServer() }, { client: { timeout: { firstMs: 10_000 } } });
    const tools = (await settled(group)).items ?? [];
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('example__add')).toEqual(jasmine.objectContaining({ server: 'example', originalName: 'add' }));
    const structured = byName.get('everything__get-structured-content') as GroupTool;
    // It names draft-07 with $schema: the check follows that dialect.
    expect(structured.outputSchema).toEqual(jasmine.objectContaining({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: jasmine.arrayContaining(['temperature', 'conditions', 'humidity']) }));
    expect((await lastValueFrom(group.callTool('example__add', { a: 2, b: 3 }))).structuredContent).toEqual({ sum: 5 });
    const weather = await lastValueFrom(group.callTool('everything__get-structured-content', { location: 'Chicago' }));
    expect(weather.structuredContent).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    const readme = await lastValueFrom(group.readResource('example://readme'));
    expect((readme.contents[0] as { text: string }).text).toContain('example://items/{id}');
    const review = await lastValueFrom(group.getPrompt('example__review', { code: 'let x = 1;' }));
    expect(JSON.stringify(review.messages)).toContain('let x = 1;');
    const events = await lastValueFrom(group.callToolEvents('example__countdown', { from: 2, delayMs: 5 }).pipe(toArray()));
    expect(events.map((event) => event.type)).toEqual(['progress', 'progress', 'result']);
  });

  it("fails a real result that does not match the definition it is checked against, naming the path; 'diagnostic' keeps it", async () => {
    group = createClientGroup({ everything: everythingServer() }, { client: { timeout: { firstMs: 10_000 } } });
    const listed = ((await settled(group)).items ?? []).find((tool) => tool.name === 'everything__get-structured-content') as GroupTool;
    const client = group.client('everything')!;
    const original = (await lastValueFrom(client.listTools())).find((tool) => tool.name === 'get-structured-content') as Tool;
    const stricter: Tool = { ...original, outputSchema: { ...original.outputSchema, properties: { ...original.outputSchema?.properties, temperature: { type: 'string' } } } };
    const failure = await lastValueFrom(client.callTool('get-structured-content', { location: 'New York' }, { tool: stricter })).catch((error: unknown) => error);
    expect(OutputSchemaError.is(failure)).toBeTrue();
    expect((failure as OutputSchemaError).path).toBe('/temperature');
    expect((failure as OutputSchemaError).result).toEqual(jasmine.objectContaining({ structuredContent: { temperature: 33, conditions: 'Cloudy', humidity: 82 } }));
    expect(listed.originalName).toBe('get-structured-content');
  });

  it('keeps the tools of the servers that work when one cannot start, and says which one failed', async () => {
    group = createClientGroup(
      { example: exampleServer(), broken: stdio({ command: 'rxmcp-no-such-server', ...fast }) },
      { client: { reconnect: false, timeout: { firstMs: 10_000 } } },
    );
    const state = await settled(group);
    expect((state.items ?? []).map((tool) => tool.name)).toEqual(jasmine.arrayContaining(['example__add', 'example__countdown']));
    expect(state.servers.get('broken')?.items).toBeUndefined();
    expect(state.servers.get('broken')?.error?.message).toMatch(/rxmcp-no-such-server/);
    expect(state.error).toBe(state.servers.get('broken')?.error);
    const states = await firstValueFrom(group.states$);
    expect(states.get('broken')?.status).toBe('failed');
    expect((await lastValueFrom(group.callTool('example__add', { a: 1, b: 1 }))).structuredContent).toEqual({ sum: 2 });
  });
});
