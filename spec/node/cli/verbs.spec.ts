import { cli, CLI_SERVER, EXAMPLE_STDIO, hasEscapes, jsonOf, tempHome, withExampleHttpServer, type TempHome } from './helpers.js';

describe('rxmcp verbs, in process, against the bundled example server', () => {
  const env = withExampleHttpServer();

  it('info over stdio: names the server, the negotiated revision and the capabilities', async () => {
    const result = await cli(env.home, ['info', ...EXAMPLE_STDIO]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('rxmcp-example-server 1.0.0');
    expect(result.stdout).toMatch(/protocol\s+2026-07-28 \(modern\)/);
    expect(result.stdout).toMatch(/transport\s+stdio/);
    expect(result.stdout).toMatch(/capabilities\s+.*tools \(listChanged\)/);
  });

  it('call over stdio: numbers typed by the schema, the text of the result on stdout', async () => {
    const result = await cli(env.home, ['call', 'add', 'a=2', 'b=40', ...EXAMPLE_STDIO]);
    expect(result).toEqual({ exitCode: 0, stdout: '42\n', stderr: '' });
  });

  it('info over Streamable HTTP, both eras', async () => {
    const modern = await cli(env.home, [env.url, 'info']);
    const legacy = await cli(env.home, ['--protocol', 'legacy', env.url, 'info']);
    expect(modern.stdout).toMatch(/protocol\s+2026-07-28 \(modern\)\n\s+transport\s+streamable-http/);
    expect(legacy.stdout).toMatch(/protocol\s+2025-11-25 \(legacy\)\n\s+transport\s+streamable-http/);
  });

  it('tools: one line per tool with its parameters, without escape codes off a terminal', async () => {
    const result = await cli(env.home, [env.url, 'tools']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('add(a: number, b: number)');
    expect(result.stdout).toContain('countdown(from: integer, delayMs?: integer)');
    expect(hasEscapes(result.stdout + result.stderr)).toBeFalse();
  });

  it('resources, templates, prompts, read, prompt and complete', async () => {
    const [resources, templates, prompts, read, prompt, complete] = await Promise.all([
      cli(env.home, [env.url, 'resources']),
      cli(env.home, [env.url, 'templates']),
      cli(env.home, [env.url, 'prompts']),
      cli(env.home, [env.url, 'read', 'example://readme']),
      cli(env.home, [env.url, 'prompt', 'review', 'code=let x = 1;']),
      cli(env.home, ['--json', env.url, 'complete', 'prompt:review', 'code=l']),
    ]);
    expect(resources.stdout).toContain('example://readme');
    expect(templates.stdout).toContain('example://items/{id}');
    expect(prompts.stdout).toContain('review(code)');
    expect(read.stdout).toContain('# rxmcp example server');
    expect(prompt.stdout).toMatch(/user:\nPlease review this code:\n\nlet x = 1;/);
    expect(jsonOf(complete)['completion']).toEqual(jasmine.objectContaining({ values: jasmine.any(Array) }));
    for (const result of [resources, templates, prompts, read, prompt, complete]) expect(result.exitCode).withContext(result.stderr).toBe(0);
  });

  it('ping: one round trip, server/discover on 2026-07-28 and ping on 2025-11-25', async () => {
    const modern = await cli(env.home, [env.url, 'ping']);
    const legacy = await cli(env.home, ['--protocol', 'legacy', env.url, 'ping']);
    expect(modern.stdout).toMatch(/^pong \d+ ms \(server\/discover\)\n$/);
    expect(legacy.stdout).toMatch(/^pong \d+ ms \(ping\)\n$/);
  });

  it('a log message of the server goes to stderr in text mode, not into the result', async () => {
    const result = await cli(env.home, ['--log-level', 'info', env.url, 'call', 'add', 'a=1', 'b=1']);
    expect(result.stdout).toBe('2\n');
    expect(result.stderr).toMatch(/\[info\] example-server \{"tool":"add"/);
  });
});

describe('rxmcp call: arguments typed by the tool schema (fixture server)', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  const echoed = async (argv: readonly string[], stdin?: string) => {
    const result = await cli(home, ['--json', ...argv, ...CLI_SERVER], stdin === undefined ? {} : { stdin });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    return jsonOf(result)['structuredContent'];
  };

  it('keeps a string a string when it looks like a number, and types integers, booleans, enums and repeated array keys', async () => {
    expect(await echoed(['call', 'types', 'zip=01234', 'count=3', 'flag=false', 'colour=red', 'tags=a', 'tags=7']))
      .toEqual({ zip: '01234', count: 3, flag: false, colour: 'red', tags: ['a', '7'] });
  });

  it('takes key:=json as written, and a JSON object from --tool-args-json or stdin with key=value on top', async () => {
    expect(await echoed(['call', 'types', 'zip=1', 'count:=2', 'tags:=["x"]'])).toEqual({ zip: '1', count: 2, tags: ['x'] });
    expect(await echoed(['call', 'types', '--tool-args-json', '{"zip":"9","count":1}', 'count=5'])).toEqual({ zip: '9', count: 5 });
    expect(await echoed(['call', 'types', '-', 'ratio=0.5'], '{"zip":"9","count":1}')).toEqual({ zip: '9', count: 1, ratio: 0.5 });
  });

  it('names the property and the expected type of a bad argument, and sends no call', async () => {
    const cases: [string[], RegExp][] = [
      [['count=3.5', 'zip=1'], /Argument "count" must be integer, got "3\.5"/],
      [['count=1'], /Argument "zip" \(string\) is required/],
      [['zip=1', 'count=1', 'colour=purple'], /Argument "colour" must be one of "red", "green", "blue", got "purple"/],
      [['zip=1', 'count=1', 'flag=maybe'], /Argument "flag" must be boolean, got "maybe"/],
      [['zip=1', 'count=1', 'extra=1'], /Argument "extra" is not a parameter \(the parameters are zip, count, ratio, flag, colour, tags\)/],
      [['--tool-args-json', '{"zip":1,"count":1}'], /Argument "zip" must be string, got 1 \(integer\)/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(home, ['--verbose', 'call', 'types', ...args, ...CLI_SERVER]);
      expect(result.exitCode).withContext(args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('"method":"tools/list"');
      expect(result.stderr).not.toContain('"method":"tools/call"');
    }
  });

  it('accepts the Inspector spellings: --method tools/call --tool-name --tool-arg (several values in a row) and -e', async () => {
    const result = await cli(home, ['--cli', '--method', 'tools/call', '--tool-name', 'types', '--tool-arg', 'zip=02134', 'count=4', '-e', 'A=1', '--format', 'json', ...CLI_SERVER.slice(1)]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect((jsonOf(result)['result'] as Record<string, unknown>)['structuredContent']).withContext('--format json writes the Inspector\'s {"result": …}').toEqual({ zip: '02134', count: 4 });
    const listed = await cli(home, ['--method', 'tools/list', ...CLI_SERVER.slice(1)]);
    expect(listed.stdout).toContain('types(zip: string, count: integer');
  });

  it('a result with isError exits 5 and still prints the result', async () => {
    const result = await cli(home, ['call', 'fail', ...CLI_SERVER]);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('it failed\n');
    expect(result.stderr).toContain('The tool reported an error (isError)');
  });

  it('roots from --root are file URIs the server can ask for', async () => {
    const result = await cli(home, ['--root', '.', '--root', '/tmp', 'call', 'roots', ...CLI_SERVER]);
    expect(JSON.parse(result.stdout)).toEqual([{ uri: `file://${home.path}`, name: home.path.split('/').pop() }, { uri: 'file:///tmp', name: 'tmp' }]);
  });

  it('colours on a terminal, none with NO_COLOR or TERM=dumb', async () => {
    const terminal = () => ({ text: '', isTTY: true, write(chunk: string) { this.text += chunk; return true; } });
    const coloured = terminal();
    await cli(home, ['tools', ...CLI_SERVER], { stdout: coloured });
    expect(hasEscapes(coloured.text)).toBeTrue();
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }]) {
      const plain = terminal();
      await cli(home, ['tools', ...CLI_SERVER], { stdout: plain, env });
      expect(plain.text).toContain('types(zip: string');
      expect(hasEscapes(plain.text)).withContext(JSON.stringify(env)).toBeFalse();
    }
  });

  it('usage: --help, --version, an unknown option and a missing target', async () => {
    const help = await cli(home, ['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Usage:');
    expect((await cli(home, ['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const unknown = await cli(home, ['--frobnicate', 'tools', ...CLI_SERVER]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--frobnicate'");
    const typo = await cli(home, ['https://mcp.example.com/mcp', 'tool']);
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain('"tool" is not a verb: use one of info, tools, resources');
    const nothing = await cli(home, ['tools']);
    expect(nothing.exitCode).toBe(1);
    expect(nothing.stderr).toContain('No server named');
  });
});
