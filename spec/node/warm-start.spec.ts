import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { createClient, streamableHttp, type CatalogState, type Client, type Tool, type Transport, type WarmStore } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { memoryWarmStore, warmStart } from '../../src/warm/index.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { exampleServerFile, nodeCommand, officialFixture } from '../fixtures/official/launch.js';

const SPEC_MS = 20_000;
const TTL_MS = 60_000;

/** A client over `transport` with a warm start in `store`, and the methods of every request it sent. */
function tapped(transport: Transport, store: WarmStore, server: string): { client: Client; sent: string[] } {
  const client = createClient(transport, { warmStart: warmStart({ store, server }), reconnect: false });
  const sent: string[] = [];
  client.session.frames$.subscribe((event) => {
    const message = event.direction === 'out' ? (event.frame.message as { method?: unknown; id?: unknown }) : undefined;
    if (message !== undefined && typeof message.method === 'string' && message.id !== undefined) sent.push(message.method);
  });
  return { client, sent };
}

const names = (items: readonly Tool[] | undefined): string[] => (items ?? []).map((tool) => tool.name).sort();

/** The states of the tool catalog until the first one loaded from the server (not stale, not refreshing). */
function untilFresh(client: Client): Promise<CatalogState<Tool>[]> {
  const states: CatalogState<Tool>[] = [];
  return firstValueFrom(
    client.toolsState$.pipe(
      filter((state) => {
        states.push(state);
        return state.items !== undefined && !state.stale && !state.refreshing;
      }),
    ),
  ).then(() => states);
}

/** A memory store whose records can be read whole, to wait for the client's asynchronous writes. */
function inspectableStore(): WarmStore & { dump(): string } {
  const inner = memoryWarmStore();
  const keys = new Set<string>();
  let text = '';
  return {
    get: (key) => inner.get(key),
    set: async (key, record) => {
      keys.add(key);
      await inner.set(key, record);
      text = JSON.stringify(await Promise.all([...keys].map((k) => inner.get(k))));
    },
    delete: (key) => inner.delete(key),
    dump: () => text,
  };
}

/** Waits until the store has been written and its records hold what `ready` looks for (writes are asynchronous). */
async function stored(store: ReturnType<typeof inspectableStore>, ready: (text: string) => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (store.dump() === '' || !ready(store.dump())) {
    if (Date.now() > until) throw new Error(`the store never held what was expected: ${store.dump()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Target {
  readonly label: string;
  transport(ttl: number | undefined): Transport;
  name(ttl: number | undefined): string;
}

function stdioTarget(): Target {
  const command = (ttl: number | undefined) => {
    const { command: node, args } = nodeCommand(exampleServerFile('example-server.ts'));
    return { command: node, args: ttl === undefined ? args : [...args, `--cache-ttl=${ttl}`] };
  };
  return {
    label: 'stdio',
    transport: (ttl) => stdio({ ...command(ttl), closeGraceMs: 200, termGraceMs: 200 }),
    name: (ttl) => JSON.stringify(command(ttl)),
  };
}

function httpTarget(servers: Map<number | undefined, ExampleHttpServer>): Target {
  const url = (ttl: number | undefined) => {
    const server = servers.get(ttl);
    if (server === undefined) throw new Error(`no server with ttl ${ttl}`);
    return server.url;
  };
  return { label: 'Streamable HTTP on 127.0.0.1', transport: (ttl) => streamableHttp(url(ttl)), name: url };
}

describe('Warm start against the example server', () => {
  const servers = new Map<number | undefined, ExampleHttpServer>();
  const clients: Client[] = [];
  const open = (target: Target, store: WarmStore, ttl: number | undefined) => {
    const made = tapped(target.transport(ttl), store, target.name(ttl));
    clients.push(made.client);
    return made;
  };

  beforeAll(async () => {
    for (const ttl of [undefined, 400, TTL_MS]) servers.set(ttl, await startExampleHttpServer({ cacheTtlMs: ttl }));
  }, SPEC_MS);
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.close()));
  });

  for (const target of [stdioTarget(), httpTarget(servers)]) {
    describe(`over ${target.label}`, () => {
      it('a second client with the same store sends no server/discover while the stored one is fresh, shows the stored tools at once marked stale, then the listed ones', async () => {
        const store = inspectableStore();
        const first = open(target, store, TTL_MS);
        const cold = await untilFresh(first.client);
        expect(first.sent).toContain('server/discover');
        await stored(store, (text) => text.includes('"tools/list"') && text.includes('"discovery"'));
        first.client.close();

        const second = open(target, store, TTL_MS);
        const warm = await untilFresh(second.client);
        expect(warm[0]).toEqual({ items: cold.at(-1)?.items, error: undefined, stale: true, refreshing: false });
        expect(names(warm.at(-1)?.items)).toEqual(names(cold.at(-1)?.items));
        expect(second.sent).not.toContain('server/discover');
        expect(second.sent).toContain('tools/list');
      }, SPEC_MS);

      it('a result kept within its ttl answers the next client from the store; once expired, it goes to the server again', async () => {
        const store = inspectableStore();
        const first = open(target, store, 400);
        expect((await firstValueFrom(first.client.listPrompts())).length).toBeGreaterThan(0);
        await stored(store, (text) => text.includes('"prompts/list"'));
        first.client.close();

        const within = open(target, store, 400);
        expect((await firstValueFrom(within.client.listPrompts())).length).toBeGreaterThan(0);
        expect(within.sent).not.toContain('prompts/list');
        expect(within.sent).not.toContain('server/discover');
        within.client.close();

        await new Promise((resolve) => setTimeout(resolve, 450));
        const after = open(target, store, 400);
        const states = await untilFresh(after.client);
        expect(states[0]?.items).toBeUndefined();
        expect((await firstValueFrom(after.client.listPrompts())).length).toBeGreaterThan(0);
        expect(after.sent).toContain('server/discover');
        expect(after.sent).toContain('prompts/list');
      }, SPEC_MS);

      it('keeps nothing of a server whose results carry ttlMs 0', async () => {
        const store = inspectableStore();
        const first = open(target, store, undefined);
        await untilFresh(first.client);
        await firstValueFrom(first.client.listPrompts());
        await stored(store, () => true);
        first.client.close();
        const record = JSON.parse(store.dump()) as { discovery?: unknown; catalogs: object; results: unknown[] }[];
        expect(record.map((r) => [r.discovery, r.catalogs, r.results])).toEqual([[undefined, {}, []]]);

        const second = open(target, store, undefined);
        const states = await untilFresh(second.client);
        expect(states[0]?.items).toBeUndefined();
        expect(second.sent).toContain('server/discover');
      }, SPEC_MS);
    });
  }

  it('a server whose tools changed since the store was written: the stored tools first, then the changed list', async () => {
    const store = inspectableStore();
    const target = httpTarget(servers);
    const first = open(target, store, TTL_MS);
    const cold = await untilFresh(first.client);
    await stored(store, (text) => text.includes('"tools/list"'));
    first.client.close();
    const other = createClient(streamableHttp(target.name(TTL_MS)), { reconnect: false });
    clients.push(other);
    await firstValueFrom(other.callTool('toggle_tool', {}));
    other.close();

    const second = open(target, store, TTL_MS);
    const states = await firstValueFrom(second.client.toolsState$.pipe(filter((s) => s.items !== undefined && !s.refreshing), take(2), toArray()));
    expect(names(states[0]?.items)).toEqual(names(cold.at(-1)?.items));
    expect(states[0]?.stale).toBeTrue();
    expect(names(states[1]?.items)).toEqual([...names(cold.at(-1)?.items), 'bonus'].sort());
    await firstValueFrom(second.client.callTool('toggle_tool', {}));
  }, SPEC_MS);

  it('a legacy server: the second client skips the server/discover probe and sends initialize at once', async () => {
    const store = inspectableStore();
    const command = nodeCommand(officialFixture('v1-stdio'));
    const legacy = () => tapped(stdio({ ...command, closeGraceMs: 200, termGraceMs: 200 }), store, JSON.stringify(command));
    const first = legacy();
    clients.push(first.client);
    expect((await firstValueFrom(first.client.connect())).protocolVersion).toBe('2025-11-25');
    expect(first.sent.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    await stored(store, (text) => text.includes('"legacy"'));
    first.client.close();

    const second = legacy();
    clients.push(second.client);
    expect((await firstValueFrom(second.client.connect())).protocolVersion).toBe('2025-11-25');
    expect(second.sent).toEqual(['initialize']);
  }, SPEC_MS);
});
