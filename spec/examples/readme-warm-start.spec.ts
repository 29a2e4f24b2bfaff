// docs/warm-start.md: a browser dashboard keeps its warm start in localStorage; the second start shows the stored
// tools at once (marked stale) and sends no server/discover while the stored discovery is fresh.
import { filter, firstValueFrom } from 'rxjs';
import { createClient, type CatalogState, type Client, type Tool, type Transport, type WarmRecord, type WarmStore } from '../../src/index.js';
import { createTestingController, serveTools, tool } from '../../src/testing/index.js';
import { warmStart } from '../../src/warm/index.js';

/** What of `localStorage` the sample uses (a Map stands in for it here, so the spec runs in Node too). */
type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function dashboardClient(localStorage: KeyValue, transport: Transport, url: string): Client {
  // #region readme
  const store: WarmStore = {
    get: async (key) => {
      const text = localStorage.getItem(`rxmcp-warm:${key}`);
      return text === null ? undefined : (JSON.parse(text) as WarmRecord);
    },
    set: async (key, record) => localStorage.setItem(`rxmcp-warm:${key}`, JSON.stringify(record)),
    delete: async (key) => localStorage.removeItem(`rxmcp-warm:${key}`),
  };
  const client = createClient(transport, { warmStart: warmStart({ store, server: url }) });
  client.toolsState$.subscribe(({ items, stale }) => {
    if (items !== undefined) console.log(items.map((t) => t.name).join(', ') + (stale ? ' (updating…)' : ''));
  });
  // #endregion
  return client;
}

function mapStorage(): KeyValue & { readonly size: number; text(): string } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    get size() {
      return values.size;
    },
    text: () => [...values.values()].join('\n'),
  };
}

const loaded = (client: Client): Promise<CatalogState<Tool>> =>
  firstValueFrom(client.toolsState$.pipe(filter((state) => state.items !== undefined && !state.stale && !state.refreshing)));

describe('docs/warm-start.md: a warm start in localStorage', () => {
  it('shows the stored tools at once on the second start, marked stale, and sends no server/discover', async () => {
    const server = createTestingController();
    serveTools(server, [tool('search'), tool('deploy')]);
    const storage = mapStorage();
    const lines: string[] = [];
    spyOn(console, 'log').and.callFake((line: string) => lines.push(line));
    const first = dashboardClient(storage, server.transport, 'https://example.com/mcp');
    await loaded(first);
    for (let tries = 0; tries < 100 && !storage.text().includes('"tools/list"'); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
    first.close();
    expect(lines[0]).toBe('search, deploy');

    const probes = () => server.requests.filter((request) => request.method === 'server/discover').length;
    const before = probes();
    lines.length = 0;
    const second = dashboardClient(storage, server.transport, 'https://example.com/mcp');
    await loaded(second);
    const shown = [...lines];
    second.close();
    expect(shown[0]).toBe('search, deploy (updating…)');
    expect(shown.at(-1)).toBe('search, deploy');
    expect(probes()).toBe(before);
  });
});
