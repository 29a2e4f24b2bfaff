import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { lastValueFrom } from 'rxjs';
import { createClient, typedTools } from '../../../src/index.js';
import { stdio } from '../../../src/node/index.js';
import type { Tools as EverythingTools } from '../../fixtures/types/everything-tools.js';
import type { Tools as ExampleTools } from '../../fixtures/types/example-tools.js';
import { cli, EVERYTHING_STDIO, EXAMPLE_STDIO, tempHome, type TempHome } from './helpers.js';

const fixture = (name: string): Promise<string> => readFile(fileURLToPath(new URL(`../../fixtures/types/${name}`, import.meta.url)), 'utf8');
const spawnOf = (target: readonly string[]) => stdio({ command: target[1] as string, args: target.slice(2) });

describe('rxmcp types', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(() => home.remove());

  // spec/types/typed-tools.types.ts type-checks these files (npm run typecheck), calls through typedTools included.
  for (const [server, target, file] of [['the example server', EXAMPLE_STDIO, 'example-tools.d.ts'], ['server-everything', EVERYTHING_STDIO, 'everything-tools.d.ts']] as const) {
    it(`writes for ${server} exactly the type file that the type specs compile`, async () => {
      const result = await cli(home, ['types', ...target]);
      expect(result.exitCode).withContext(result.stderr).toBe(0);
      expect(result.stdout).toBe(await fixture(file));
    });
  }

  it('a call through typedTools reaches the tool, with its structured content (example server and server-everything)', async () => {
    const example = createClient(spawnOf(EXAMPLE_STDIO));
    const everything = createClient(spawnOf(EVERYTHING_STDIO));
    try {
      const added = await lastValueFrom(typedTools<ExampleTools>(example).callTool('add', { a: 2, b: 40 }));
      expect(added.structuredContent?.sum).toBe(42);
      const weather = await lastValueFrom(typedTools<EverythingTools>(everything).callTool('get-structured-content', { location: 'Chicago' }));
      expect(typeof weather.structuredContent?.temperature).toBe('number');
      const sum = await lastValueFrom(typedTools<EverythingTools>(everything).callTool('get-sum', { a: 2, b: 3 }));
      expect(JSON.stringify(sum.content)).toContain('5');
    } finally {
      example.close();
      everything.close();
    }
  }, 30_000);

  it('writes a file with an empty Tools map for a server without tools', async () => {
    const { toolsFile } = await import('../../../src/cli/types/tools-file.js');
    expect(toolsFile([], { name: 'empty', version: '1', protocolVersion: '2025-11-25' })).toContain('export type Tools = {\n};');
  });
});
