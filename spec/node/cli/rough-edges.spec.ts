// Smaller defects of the command line: what -v shows, what watch --resource prints, a mistyped URL, a mistyped
// option, and --protocol modern against a server that speaks only the older revisions.
import { launch, type LaunchedServer } from '../../fixtures/official/launch.js';
import { CLI_SERVER, cli, errorOf, EVERYTHING_STDIO, EXAMPLE_STDIO, eventsOf, tempHome, type TempHome } from './helpers.js';

describe('rxmcp rough edges', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(() => home.remove());

  it('-v shows the first frame sent (id 0), not only those after the first answer', async () => {
    const result = await cli(home, ['-v', 'tools', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const sent = result.stderr.split('\n').filter((line) => line.includes('→ '));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]).withContext(result.stderr).toMatch(/"id":0\b/);
  }, 15_000);

  it('watch --resource prints the resource\'s contents when it starts, as a "resource" event (--until resource ends there)', async () => {
    const result = await cli(home, ['watch', '--resource', 'example://counter', '--until', 'resource', '--timeout', '15000', ...EXAMPLE_STDIO]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const events = eventsOf(result.stdout);
    const shown = events.find((event) => event['kind'] === 'resource');
    expect(shown).withContext(result.stdout).toEqual(jasmine.objectContaining({ uri: 'example://counter', contents: [jasmine.objectContaining({ uri: 'example://counter', text: jasmine.stringMatching(/^counter: \d+$/) })] }));
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ kind: 'state', status: 'closed', reason: 'until' }));
  }, 20_000);

  for (const target of ['htp:/foo', 'htp://example.test/mcp', 'http:/example.test/mcp', 'https:example.test']) {
    it(`calls ${target} a bad URL instead of spawning it as a command`, async () => {
      const result = await cli(home, ['--json', target, 'tools']);
      expect(result.exitCode).toBe(1);
      const error = errorOf(result);
      expect(error.step).toBe('usage');
      expect(error.message).toContain(`"${target}" is not a URL rxmcp can reach`);
      expect(error.message).toMatch(/http, https, ws, wss/);
    });
  }

  it('a target that only looks alike (a configured name, file.json:name, a path) is not called a bad URL', async () => {
    for (const target of ['github', 'servers.json:github', './server.mjs']) {
      const result = await cli(home, ['--json', target, 'tools']);
      expect(errorOf(result).message).withContext(target).not.toContain('is not a URL');
    }
  });

  it('an unknown option (and a mistyped verb after a URL) says which known one was meant', async () => {
    const cases: readonly [string, string][] = [['--jsno', '--json'], ['--protcol', '--protocol'], ['--tool-nmae', '--tool-name'], ['--metdata', '--metadata']];
    for (const [typo, meant] of cases) {
      const result = await cli(home, ['--json', typo, 'x', 'tools', ...CLI_SERVER]);
      expect(result.exitCode).toBe(1);
      expect(errorOf(result).message).withContext(typo).toContain(`Did you mean ${meant}?`);
    }
    const verb = await cli(home, ['--json', 'http://127.0.0.1:9/mcp', 'tols']);
    expect(errorOf(verb).message).withContext('a mistyped verb after a URL').toContain('Did you mean tools?');
    const far = await cli(home, ['--json', '--zzzzzzzz', 'tools', ...CLI_SERVER]);
    expect(errorOf(far).message).not.toContain('Did you mean');
  });

  describe('--protocol modern against a server of the older revisions', () => {
    let legacy: LaunchedServer;
    beforeAll(async () => (legacy = await launch('v1-http')), 15_000);
    afterAll(() => legacy.close());

    it('over HTTP: names the cause and what to do, not a bare -32000 Bad Request', async () => {
      const result = await cli(home, ['--json', '--protocol', 'modern', legacy.url, 'tools']);
      expect(result.exitCode).toBe(4);
      const error = errorOf(result);
      expect(error.step).toBe('negotiate');
      expect(error.message).toMatch(/does not speak 2026-07-28/);
      expect(error.message).toContain('--protocol modern');
      expect(error.hint).toMatch(/--protocol auto.*--protocol legacy/);
      const auto = await cli(home, ['--json', legacy.url, 'tools']);
      expect(auto.exitCode).withContext('the advice holds: auto reaches it').toBe(0);
    }, 15_000);

    it('over stdio (server-everything): the same cause for its -32601', async () => {
      const result = await cli(home, ['--json', '--protocol', 'modern', 'tools', ...EVERYTHING_STDIO]);
      expect(result.exitCode).toBe(4);
      expect(errorOf(result).message).toMatch(/does not speak 2026-07-28/);
    }, 15_000);
  });
});
