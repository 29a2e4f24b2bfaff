import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { COUNTER_URI, createExampleServer, ExampleState, README_URI } from '../../examples/server/example-server.js';
import { exampleServerFile, launch, type LaunchedServer, officialFixture } from '../fixtures/official/launch.js';
import {
  connectOfficial,
  ELICITED_NAME,
  type Negotiation,
  type RecordingClient,
  SAMPLED_MODEL,
  SAMPLED_TEXT,
  type Target,
} from '../fixtures/official/official-client.js';
import { textOf } from '../helpers/mcp-fixtures.js';

const SETUP_MS = 15_000;
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

type Era = Exclude<Negotiation, 'auto'>;

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not ready`);
  return value;
};

const versionOf = (era: Era): string => (era === 'legacy' ? '2025-11-25' : '2026-07-28');

const LATE_PROGRESS = 'Received a progress notification for an unknown token: ';

/**
 * Calls countdown and checks that every step's progress reached the client in order. The official client dispatches
 * notifications on a microtask but responses synchronously: a progress notification read in the same chunk as the
 * result is reported through `onerror` as an unknown token instead of `onprogress`, so those count as late arrivals.
 */
async function expectCountdownProgress(c: RecordingClient, from: number): Promise<void> {
  const seen: number[] = [];
  const errorsBefore = c.errors.length;
  const late = (): number[] =>
    c.errors
      .slice(errorsBefore)
      .filter((message) => message.startsWith(LATE_PROGRESS))
      .map((message) => (JSON.parse(message.slice(LATE_PROGRESS.length)) as { params: { progress: number } }).params.progress);
  const result = await c.client.callTool(
    { name: 'countdown', arguments: { from, delayMs: 15 } },
    { onprogress: (progress) => seen.push(progress.progress) },
  );
  await c.until(() => seen.length + late().length >= from, 1000).catch(() => undefined);
  expect(seen).toEqual(Array.from({ length: seen.length }, (_, index) => index + 1));
  expect([...seen, ...late()]).toEqual(Array.from({ length: from }, (_, index) => index + 1));
  expect(textOf(result)).toMatch(new RegExp(`after ${from}( steps)?$`));
}

/** Toggles `bonus` on and off again and checks the tool list, pushed as list_changed when `pushed`. */
async function expectToggle(c: RecordingClient, pushed: boolean, added: string, removed: string): Promise<void> {
  const hasBonus = (names: string[] | undefined) => names?.includes('bonus') === true;
  const before = c.toolLists.length;
  expect(textOf(await c.client.callTool({ name: 'toggle_tool', arguments: {} }))).toBe(added);
  if (pushed) await c.until(() => c.toolLists.length > before && hasBonus(c.toolLists.at(-1)));
  expect(hasBonus((await c.client.listTools({}, { cacheMode: 'refresh' })).tools.map((tool) => tool.name))).toBeTrue();
  expect((await c.client.callTool({ name: 'bonus', arguments: {} })).isError).not.toBeTrue();
  const middle = c.toolLists.length;
  expect(textOf(await c.client.callTool({ name: 'toggle_tool', arguments: {} }))).toBe(removed);
  if (pushed) await c.until(() => c.toolLists.length > middle && !hasBonus(c.toolLists.at(-1)));
  expect(hasBonus((await c.client.listTools({}, { cacheMode: 'refresh' })).tools.map((tool) => tool.name))).toBeFalse();
  if (!pushed) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(c.toolLists.length).toBe(before);
  }
}

function exampleScenario(title: string, target: () => Target, era: Era): void {
  describe(title, () => {
    let c: RecordingClient | undefined;
    const connected = (): RecordingClient => need(c, 'the client');

    beforeAll(async () => {
      c = await connectOfficial(target(), era);
    }, SETUP_MS);
    afterAll(async () => {
      await c?.close();
    });

    it('negotiates the era and lists the example tools', async () => {
      expect(connected().client.getNegotiatedProtocolVersion()).toBe(versionOf(era));
      expect(connected().client.getServerVersion()?.name).toBe('rxmcp-example-server');
      const names = (await connected().client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(jasmine.arrayWithExactContents(['add', 'countdown', 'greet', 'summarize', 'toggle_tool', 'bump', 'big_result', 'flood', 'edit_skill']));
    });

    it('calls add with structured content and an info log message', async () => {
      const meta = era === 'legacy' ? {} : { _meta: { [LOG_LEVEL_KEY]: 'info' } };
      const result = await connected().client.callTool({ name: 'add', arguments: { a: 2, b: 40 }, ...meta });
      expect(result.structuredContent).toEqual({ sum: 42 });
      expect(textOf(result)).toBe('42');
      await connected().until(() => connected().logs.some((log) => (log['data'] as { tool?: string }).tool === 'add'));
      expect(connected().logs.find((log) => (log['data'] as { tool?: string }).tool === 'add')).toEqual(
        jasmine.objectContaining({ level: 'info', logger: 'example-server' }),
      );
    });

    it('reports progress from countdown', async () => {
      await expectCountdownProgress(connected(), 4);
    });

    it('greets with the name answered to its form elicitation', async () => {
      const result = await connected().client.callTool({ name: 'greet', arguments: {} });
      expect(textOf(result)).toBe(`Hello, ${ELICITED_NAME}!`);
      const asked = connected().answered.find((request) => request.method === 'elicitation/create');
      const schema = asked?.params['requestedSchema'] as { properties: Record<string, unknown> } | undefined;
      expect(schema?.properties['name']).toEqual(jasmine.objectContaining({ type: 'string', default: 'world' }));
    });

    it('summarizes with the answer to its sampling request', async () => {
      const result = await connected().client.callTool({ name: 'summarize', arguments: { text: 'The quick brown fox.' } });
      expect(textOf(result)).toBe(`Summary (${SAMPLED_MODEL}): ${SAMPLED_TEXT}`);
      const asked = connected().answered.find((request) => request.method === 'sampling/createMessage');
      expect(JSON.stringify(asked?.params['messages'])).toContain('The quick brown fox.');
    });

    it('announces the tool list change of toggle_tool', async () => {
      await expectToggle(connected(), true, 'bonus tool added', 'bonus tool removed');
    });

    it('serves resources, the item and skill templates and the review prompt', async () => {
      const client = connected().client;
      const readme = (await client.readResource({ uri: README_URI })).contents[0];
      expect(readme).toEqual(jasmine.objectContaining({ uri: README_URI, mimeType: 'text/markdown' }));
      expect((readme as { text?: string } | undefined)?.text).toContain('# rxmcp example server');
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
      expect(templates).toEqual(jasmine.arrayWithExactContents(['example://items/{id}', 'skill://{+path}']));
      const item = (await client.readResource({ uri: 'example://items/2' })).contents[0];
      expect(item).toEqual(jasmine.objectContaining({ text: '{"id":"2","name":"banana"}' }));
      const prompt = await client.getPrompt({ name: 'review', arguments: { code: 'let x = 1;' } });
      expect(JSON.stringify(prompt.messages)).toContain('let x = 1;');
    });

    it('sends resources/updated for the counter after bump', async () => {
      const client = connected().client;
      const subscription = era === 'legacy' ? undefined : await client.listen({ resourceSubscriptions: [COUNTER_URI] });
      if (era === 'legacy') await client.subscribeResource({ uri: COUNTER_URI });
      try {
        const seen = connected().updatedUris.length;
        const bumped = textOf(await client.callTool({ name: 'bump', arguments: {} }));
        await connected().until(() => connected().updatedUris.slice(seen).includes(COUNTER_URI));
        const read = await client.readResource({ uri: COUNTER_URI }, { cacheMode: 'refresh' });
        expect(bumped).toMatch(/^counter is now \d+$/);
        expect(read.contents[0]).toEqual(jasmine.objectContaining({ text: `counter: ${bumped.split(' ').at(-1)}` }));
      } finally {
        await subscription?.close();
      }
    });
  });
}

function fixtureScenario(title: string, target: () => Target, era: Era, pushesListChanged: boolean): void {
  describe(title, () => {
    let c: RecordingClient | undefined;
    const connected = (): RecordingClient => need(c, 'the client');

    beforeAll(async () => {
      c = await connectOfficial(target(), era);
    }, SETUP_MS);
    afterAll(async () => {
      await c?.close();
    });

    it('negotiates the era, lists the tools and calls add', async () => {
      expect(connected().client.getNegotiatedProtocolVersion()).toBe(versionOf(era));
      const names = (await connected().client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(jasmine.arrayWithExactContents(['add', 'countdown', 'toggle_tool']));
      const sum = await connected().client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
      expect(sum.structuredContent).toEqual({ sum: 3 });
    });

    it('reports progress from countdown', async () => {
      await expectCountdownProgress(connected(), 3);
    });

    it(`changes the tool list with toggle_tool${pushesListChanged ? ' and announces it' : ''}`, async () => {
      await expectToggle(connected(), pushesListChanged, 'bonus added', 'bonus removed');
    });
  });
}

describe('bundled example server, driven by the official client', () => {
  it('is importable: createExampleServer follows its state in process and lets go of it on close', async () => {
    const state = new ExampleState();
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    const server = createExampleServer({ state });
    const recorded: string[][] = [];
    const onChanged = (_: Error | null, tools: { name: string }[] | null): void => {
      recorded.push((tools ?? []).map((tool) => tool.name));
    };
    const client = new Client({ name: 'in-process', version: '0' }, { listChanged: { tools: { debounceMs: 0, onChanged } } });
    await server.connect(serverEnd);
    await client.connect(clientEnd);
    expect(state.listenerCount).toBe(1);
    state.toggleBonus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded.at(-1)).toContain('bonus');
    await client.close();
    await server.close();
    expect(state.listenerCount).toBe(0);
  });

  describe('over stdio', () => {
    const stdio = (): Target => ({ stdio: exampleServerFile('example-server.ts') });
    exampleScenario('2025-11-25 (legacy handshake)', stdio, 'legacy');
    exampleScenario('2026-07-28 (pinned)', stdio, '2026-07-28');
  });

  describe('over Streamable HTTP (examples/server/http.ts)', () => {
    let server: LaunchedServer | undefined;
    const http = (): Target => ({ url: need(server, 'the server').url });
    beforeAll(async () => {
      server = await launch(exampleServerFile('http.ts'));
    }, SETUP_MS);
    afterAll(async () => {
      await server?.close();
    });
    exampleScenario('2025-11-25 (sessionful)', http, 'legacy');
    exampleScenario('2026-07-28 (pinned)', http, '2026-07-28');
  });
});

describe('official fixture servers, driven by the official client', () => {
  fixtureScenario('v2-stdio, 2025-11-25', () => ({ stdio: officialFixture('v2-stdio') }), 'legacy', true);
  fixtureScenario('v2-stdio, 2026-07-28', () => ({ stdio: officialFixture('v2-stdio') }), '2026-07-28', true);
  fixtureScenario('v1-stdio, 2025-11-25', () => ({ stdio: officialFixture('v1-stdio') }), 'legacy', true);

  describe('v2-http', () => {
    let server: LaunchedServer | undefined;
    const http = (): Target => ({ url: need(server, 'the server').url });
    beforeAll(async () => {
      server = await launch('v2-http');
    }, SETUP_MS);
    afterAll(async () => {
      await server?.close();
    });
    fixtureScenario('2025-11-25 (stateless fallback: no unsolicited notifications)', http, 'legacy', false);
    fixtureScenario('2026-07-28', http, '2026-07-28', true);
  });

  describe('v1-http', () => {
    let server: LaunchedServer | undefined;
    const http = (): Target => ({ url: need(server, 'the server').url });
    beforeAll(async () => {
      server = await launch('v1-http');
    }, SETUP_MS);
    afterAll(async () => {
      await server?.close();
    });
    fixtureScenario('2025-11-25 (sessionful)', http, 'legacy', true);

    it('is legacy-only: auto falls back to 2025-11-25 and a 2026-07-28 pin fails', async () => {
      const auto = await connectOfficial(http(), 'auto');
      try {
        expect(auto.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      } finally {
        await auto.close();
      }
      await expectAsync(connectOfficial(http(), '2026-07-28')).toBeRejected();
    });
  });

  it('launch() gives up after its timeout when no LISTENING line comes, once the process is gone', async () => {
    const started = Date.now();
    const silent = fileURLToPath(new URL('../fixtures/servers/stubborn.mjs', import.meta.url));
    const error = await launch(silent, { args: ['--honour-sigterm'], timeoutMs: 300 }).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toMatch(/no LISTENING line within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
    const pid = Number(/\(pid (\d+)\)/.exec(error?.message ?? '')?.[1]);
    expect(() => process.kill(pid, 0)).toThrowMatching((thrown: unknown) => (thrown as NodeJS.ErrnoException).code === 'ESRCH');
  });
});
