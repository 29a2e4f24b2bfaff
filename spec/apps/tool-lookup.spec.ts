import { createClient, type Client, type Tool } from '../../src/index.js';
import { toolLookup } from '../../src/apps/tool-lookup.js';
import { itInEachEra, serveTools, tool, type TestingController } from '../../src/testing/index.js';

const found = (client: Pick<Client, 'listTools'> & Partial<Pick<Client, 'toolsState$'>>, names: readonly string[], flush: () => void) => {
  const lookup = toolLookup(client);
  flush();
  const seen: (string | undefined)[] = [];
  for (const name of names) {
    lookup.find(name).subscribe((entry: Tool | undefined) => seen.push(entry?.name));
    flush();
  }
  return { seen, lookup };
};
const listings = (server: TestingController) => server.requests.filter((request) => request.method === 'tools/list').length;

// The counts are of the listings the lookup itself asks for: `cacheHints: false` keeps the client's 2026-07-28 cache
// from answering them, which would hide a listing per call.
describe("rxmcp/apps: the tools an app's calls are checked against", () => {
  itInEachEra('answers from the live catalog once it is loaded: one listing for any number of lookups', (server, { flush }) => {
    serveTools(server, [tool('poll'), tool('reset')]);
    const client = createClient(server.transport);
    const { seen, lookup } = found(client, ['poll', 'poll', 'reset', 'poll'], flush);
    expect(seen).toEqual(['poll', 'poll', 'reset', 'poll']);
    expect(listings(server)).toBe(1);
    lookup.subscription.unsubscribe();
    client.close();
  }, { cacheHints: false });

  itInEachEra('lists afresh for a name the catalog lacks, and finds a tool the server added without announcing it', (server, { flush }) => {
    const served = serveTools(server, [tool('poll')]);
    const client = createClient(server.transport);
    const lookup = toolLookup(client);
    flush();
    served.remove();
    server.whenRequest('tools/list').respond({ tools: [tool('poll'), tool('quiet')] });
    const seen: (string | undefined)[] = [];
    lookup.find('quiet').subscribe((entry) => seen.push(entry?.name));
    lookup.find('absent').subscribe((entry) => seen.push(entry?.name));
    flush();
    expect(seen).toEqual(['quiet', undefined]);
    expect(listings(server)).toBe(3);
    lookup.subscription.unsubscribe();
    client.close();
  }, { cacheHints: false });

  itInEachEra('lists afresh while a change is announced and not loaded yet', (server, { flush }) => {
    const served = serveTools(server, [tool('poll', { description: 'old' })]);
    const client = createClient(server.transport);
    const lookup = toolLookup(client);
    flush();
    served.set([tool('poll', { description: 'new' })]); // announced now, loaded after the catalog's debounce
    let description: string | undefined;
    lookup.find('poll').subscribe((entry) => (description = entry?.description));
    flush();
    expect(description).toBe('new');
    lookup.subscription.unsubscribe();
    client.close();
  }, { cacheHints: false });

  itInEachEra('lists once per lookup for a client that keeps no catalog', (server, { flush }) => {
    serveTools(server, [tool('poll')]);
    const client = createClient(server.transport);
    const { seen } = found({ listTools: () => client.listTools() }, ['poll', 'poll', 'gone'], flush);
    expect(seen).toEqual(['poll', 'poll', undefined]);
    expect(listings(server)).toBe(3);
    client.close();
  }, { cacheHints: false });
});
