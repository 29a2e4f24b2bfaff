import { filter, firstValueFrom, lastValueFrom, map, take, toArray } from 'rxjs';
import { createClient, streamableHttp, type Client, type ProtocolMode, type Transport } from '../../src/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, launch, nodeCommand, officialFixture, type LaunchedServer } from '../fixtures/official/launch.js';

const handlers = {
  elicitation: () => ({ action: 'accept' as const, content: {} }),
  sampling: () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: 'a summary' }, model: 'test-model' }),
};

function names(tools: readonly { name: string }[]): string[] {
  return tools.map((t) => t.name).sort();
}

interface Target {
  readonly label: string;
  readonly protocol: ProtocolMode;
  readonly era: 'legacy' | 'modern';
  transport(): Transport;
}

function stdioTarget(file: string, protocol: ProtocolMode, era: 'legacy' | 'modern', label: string): Target {
  return { label, protocol, era, transport: () => stdio({ ...nodeCommand(file), closeGraceMs: 200, termGraceMs: 200 }) };
}

const stdioTargets: Target[] = [
  stdioTarget(officialFixture('v2-stdio'), 'auto', 'modern', 'official v2 server over stdio, auto → 2026-07-28'),
  stdioTarget(officialFixture('v2-stdio'), 'legacy', 'legacy', 'official v2 server over stdio, legacy'),
  stdioTarget(officialFixture('v1-stdio'), 'auto', 'legacy', 'official v1 server over stdio, auto → 2025-11-25'),
];

describe('createClient against real servers', () => {
  for (const target of stdioTargets) {
    describe(target.label, () => {
      let client: Client;
      beforeEach(() => (client = createClient(target.transport(), { protocol: target.protocol, handlers, timeout: { firstMs: 10_000 } })));
      afterEach(() => client.close());

      it('negotiates the expected era in one process, lists and calls tools with progress', async () => {
        const server = await firstValueFrom(client.connect());
        expect(server.era).toBe(target.era);
        expect(names(await lastValueFrom(client.listTools()))).toEqual(['add', 'countdown', 'toggle_tool']);
        const sum = await lastValueFrom(client.callTool('add', { a: 2, b: 3 }));
        expect(sum.structuredContent).toEqual({ sum: 5 });
        const events = await lastValueFrom(client.callToolEvents('countdown', { from: 3 }).pipe(toArray()));
        expect(events.filter((e) => e.type === 'progress').map((e) => (e as { progress: number }).progress)).toEqual([1, 2, 3]);
        expect(events.at(-1)?.type).toBe('result');
      });

      it('keeps tools$ current when the server changes its tool list at run time', async () => {
        const lists = client.tools$.pipe(map(names));
        expect(await firstValueFrom(lists)).toEqual(['add', 'countdown', 'toggle_tool']);
        const withBonus = firstValueFrom(lists.pipe(filter((list) => list.includes('bonus'))));
        await lastValueFrom(client.callTool('toggle_tool'));
        expect(await withBonus).toEqual(['add', 'bonus', 'countdown', 'toggle_tool']);
        const without = firstValueFrom(lists.pipe(filter((list) => !list.includes('bonus'))));
        await lastValueFrom(client.callTool('toggle_tool'));
        expect(await without).toEqual(['add', 'countdown', 'toggle_tool']);
      });
    });
  }

  describe('the bundled example server over Streamable HTTP', () => {
    let server: LaunchedServer;
    beforeAll(async () => (server = await launch(exampleServerFile('http.ts'))));
    afterAll(async () => server.close());

    for (const [protocol, era] of [['auto', 'modern'], ['legacy', 'legacy']] as const) {
      it(`(${protocol}) answers the server's elicitation and sampling through the handlers and reads resources`, async () => {
        const client = createClient(streamableHttp(server.url), { protocol, handlers, timeout: { firstMs: 10_000 } });
        try {
          expect((await firstValueFrom(client.connect())).era).toBe(era);
          const greeting = await lastValueFrom(client.callTool('greet'));
          expect(JSON.stringify(greeting.content)).toContain('Hello');
          const summary = await lastValueFrom(client.callTool('summarize', { text: 'a long text' }));
          expect(JSON.stringify(summary.content)).toContain('a summary');
          const readme = await lastValueFrom(client.readResource('example://readme'));
          expect(readme.contents.length).toBe(1);
          expect((await lastValueFrom(client.listPrompts())).map((p) => p.name)).toContain('review');
        } finally {
          client.close();
        }
      });
    }

    it('watches a resource and sees it change (auto)', async () => {
      const client = createClient(streamableHttp(server.url), { handlers, timeout: { firstMs: 10_000 } });
      try {
        const resources = await lastValueFrom(client.listResources());
        const counter = resources.find((r) => r.uri !== 'example://readme');
        expect(counter).toBeDefined();
        const seen = firstValueFrom(client.watchResource(counter?.uri ?? '').pipe(take(2), toArray()));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await lastValueFrom(client.callTool('bump'));
        const [before, after] = await seen;
        expect(JSON.stringify(after?.contents)).not.toEqual(JSON.stringify(before?.contents));
      } finally {
        client.close();
      }
    });
  });
});
