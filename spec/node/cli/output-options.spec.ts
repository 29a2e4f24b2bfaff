import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_SERVER, cli, EXAMPLE_STDIO, tempHome, type TempHome } from './helpers.js';

describe('rxmcp --output, -q and the Inspector envelope of a command line that cannot be understood', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(() => home.remove());

  it('--output writes the MCP-shaped result into the file, stdout stays empty, stderr says where it went', async () => {
    const file = join(home.path, 'tools.json');
    const result = await cli(home, ['--output', file, 'tools', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const text = readFileSync(file, 'utf8');
    expect((JSON.parse(text) as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toContain('types');
    expect(result.stderr).toBe(`Wrote ${Buffer.byteLength(text)} bytes (json) to ${file}\n`);
  }, 15_000);

  it('-q leaves stderr empty: no server log messages in text, no remark about --output', async () => {
    const loud = await cli(home, ['--log-level', 'debug', 'call', 'add', 'a=1', 'b=2', ...EXAMPLE_STDIO]);
    expect(loud.stderr).withContext('without -q the log message shows').toContain('[info]');
    const quiet = await cli(home, ['-q', '--log-level', 'debug', 'call', 'add', 'a=1', 'b=2', ...EXAMPLE_STDIO]);
    expect(quiet.exitCode).withContext(quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe(loud.stdout);
    expect(quiet.stderr).toBe('');
    const file = join(home.path, 'quiet.json');
    const result = await cli(home, ['-q', '--output', file, 'call', 'types', 'zip=1', 'count=1', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(jasmine.objectContaining({ structuredContent: { zip: '1', count: 1 } }));
  }, 30_000);

  it('--output with watch is a usage error (a watch has no one result)', async () => {
    const result = await cli(home, ['--json', '--output', join(home.path, 'w.json'), 'watch', ...CLI_SERVER]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('--output takes one result');
  });

  it('with --format json, a command line that cannot be understood gets the Inspector\'s envelope and exit 1', async () => {
    for (const argv of [['--format', 'json', '--bogus'], ['--format', 'json', '--metadata', 'novalue', '--method', 'tools/list', ...CLI_SERVER.slice(1)], ['--cli', '--method', 'no/such']]) {
      const result = await cli(home, argv);
      expect(result.exitCode).withContext(argv.join(' ')).toBe(1);
      const envelope = (JSON.parse(result.stderr.trim()) as { error: { code: string; message: string } }).error;
      expect(envelope.code).withContext(argv.join(' ')).toBe('error');
      expect(envelope.message).toEqual(jasmine.any(String));
    }
  });
});
