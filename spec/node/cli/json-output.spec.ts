import { validateAgainstOfficialSchema, type OfficialSchemaVersion } from '../../helpers/official-schema.js';
import { cli, EVERYTHING_STDIO, EXAMPLE_STDIO, jsonOf, withExampleHttpServer, type TempHome } from './helpers.js';

/** Each verb with --json, and the official type its one JSON value must be. */
const VERBS: readonly [readonly string[], string][] = [
  [['tools'], 'ListToolsResult'],
  [['resources'], 'ListResourcesResult'],
  [['templates'], 'ListResourceTemplatesResult'],
  [['prompts'], 'ListPromptsResult'],
  [['call', 'add', 'a=1', 'b=2'], 'CallToolResult'],
  [['call', 'countdown', 'from=2', 'delayMs=5'], 'CallToolResult'],
  [['read', 'example://readme'], 'ReadResourceResult'],
  [['prompt', 'review', 'code=x'], 'GetPromptResult'],
  [['complete', 'prompt:review', 'code=x'], 'CompleteResult'],
  [['ping'], 'EmptyResult'],
];

async function expectValid(home: TempHome, version: OfficialSchemaVersion, argv: readonly string[], type: string): Promise<void> {
  const result = await cli(home, ['--json', ...argv]);
  expect(result.exitCode).withContext(`${argv.join(' ')}: ${result.stderr}`).toBe(0);
  expect(result.stderr).withContext('nothing but errors on stderr with --json').toBe('');
  const value = jsonOf(result);
  expect(validateAgainstOfficialSchema(version, value, { type })).withContext(`${argv.join(' ')} as ${type} (${version})`).toEqual([]);
}

describe('rxmcp --json output, validated against the official schema of the negotiated revision', () => {
  const env = withExampleHttpServer();

  it('2026-07-28 (the example server over Streamable HTTP, negotiated by itself): every verb, info as DiscoverResult', async () => {
    await expectValid(env.home, '2026-07-28', [env.url, 'info'], 'DiscoverResult');
    for (const [argv, type] of VERBS) await expectValid(env.home, '2026-07-28', [env.url, ...argv], type);
  }, 20_000);

  it('2025-11-25 (the example server over Streamable HTTP with --protocol legacy): every verb, info as InitializeResult', async () => {
    await expectValid(env.home, '2025-11-25', ['--protocol', 'legacy', env.url, 'info'], 'InitializeResult');
    for (const [argv, type] of VERBS) await expectValid(env.home, '2025-11-25', ['--protocol', 'legacy', env.url, ...argv], type);
  }, 20_000);

  it('over stdio too: the example server, both eras', async () => {
    await expectValid(env.home, '2026-07-28', ['info', ...EXAMPLE_STDIO], 'DiscoverResult');
    await expectValid(env.home, '2025-11-25', ['--protocol', 'legacy', 'tools', ...EXAMPLE_STDIO], 'ListToolsResult');
  }, 15_000);

  it('a legacy result carries no resultType (the revision has none)', async () => {
    const result = await cli(env.home, ['--json', '--protocol', 'legacy', env.url, 'call', 'add', 'a=1', 'b=2']);
    expect(Object.keys(jsonOf(result))).not.toContain('resultType');
  });

  it('2025-11-25 (server-everything over stdio, which negotiates it by itself)', async () => {
    await expectValid(env.home, '2025-11-25', ['info', ...EVERYTHING_STDIO], 'InitializeResult');
    await expectValid(env.home, '2025-11-25', ['tools', ...EVERYTHING_STDIO], 'ListToolsResult');
    await expectValid(env.home, '2025-11-25', ['call', 'echo', 'message=10001', ...EVERYTHING_STDIO], 'CallToolResult');
  }, 15_000);
});
