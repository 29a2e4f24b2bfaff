import { cli, CLI_SERVER, eventsOf, liveStream, tempHome, withExampleHttpServer, type LiveStream, type TempHome } from './helpers.js';

/** Starts a watch whose stdout can be waited on; Ctrl-C is `stop()`. */
function startWatch(home: TempHome, argv: readonly string[]) {
  const stdout = liveStream();
  const interrupt = new AbortController();
  const done = cli(home, [...argv, 'watch'], { stdout, signal: interrupt.signal });
  return { stdout, done, stop: () => interrupt.abort() };
}

/** Calls `tool` until `stdout` shows `pattern` (a change made before the server listened is not announced). */
async function poke(home: TempHome, url: string, protocol: string, tool: string, stdout: LiveStream, pattern: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await cli(home, ['--protocol', protocol, url, 'call', tool])).exitCode).toBe(0);
    try {
      return await stdout.until(pattern, 1500);
    } catch {
      // not announced yet: call again
    }
  }
  throw new Error(`no ${pattern} after 5 calls of ${tool}:\n${stdout.text()}`);
}

describe('rxmcp watch (the example server over Streamable HTTP)', () => {
  const env = withExampleHttpServer();

  for (const protocol of ['modern', 'legacy']) {
    it(`streams state and list changes as NDJSON and ends cleanly on Ctrl-C (${protocol})`, async () => {
      const watch = startWatch(env.home, ['--protocol', protocol, env.url]);
      await watch.stdout.until(/"status":"ready"/);
      await poke(env.home, env.url, protocol, 'toggle_tool', watch.stdout, /"kind":"list-changed"/);
      watch.stop();
      const result = await watch.done;
      expect(result.exitCode).toBe(0);
      const events = eventsOf(watch.stdout.text());
      expect(events.find((event) => event['kind'] === 'list-changed')).toEqual(jasmine.objectContaining({ list: 'tools', method: 'notifications/tools/list_changed' }));
      expect(events.find((event) => event['status'] === 'ready')).toEqual(jasmine.objectContaining({ kind: 'state', protocolVersion: protocol === 'modern' ? '2026-07-28' : '2025-11-25' }));
      expect(events.at(-1)).toEqual(jasmine.objectContaining({ kind: 'state', status: 'closed', reason: 'interrupted' }));
    }, 20_000);

    it(`--until a method ends the watch at that notification, --resource follows a resource (${protocol})`, async () => {
      const watch = startWatch(env.home, ['--protocol', protocol, '--resource', 'example://counter', '--until', 'notifications/resources/updated', env.url]);
      await watch.stdout.until(/"status":"ready"/);
      await poke(env.home, env.url, protocol, 'bump', watch.stdout, /"kind":"resource-updated"/);
      const result = await watch.done;
      expect(result.exitCode).toBe(0);
      const events = eventsOf(watch.stdout.text());
      expect(events.find((event) => event['kind'] === 'resource-updated')).toEqual(jasmine.objectContaining({ uri: 'example://counter' }));
      expect(events.at(-1)).toEqual(jasmine.objectContaining({ status: 'closed', reason: 'until' }));
    }, 20_000);
  }
});

describe('rxmcp watch (a stdio server)', () => {
  let home: TempHome;
  beforeAll(async () => (home = await tempHome()));
  afterAll(async () => home.remove());

  it('shows the server stderr and, with --frames, every frame; --timeout alone ends it with exit 0', async () => {
    const result = await cli(home, ['watch', '--frames', '--timeout', '1000', ...CLI_SERVER]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const events = eventsOf(result.stdout);
    expect(events).toContain(jasmine.objectContaining({ kind: 'stderr', line: jasmine.stringMatching(/^cli-server ready \(pid \d+\)$/) }));
    expect(events).toContain(jasmine.objectContaining({ kind: 'frame', direction: 'out', message: jasmine.objectContaining({ method: 'server/discover' }) }));
    expect(events.at(-1)).toEqual(jasmine.objectContaining({ kind: 'state', status: 'closed', reason: 'timeout' }));
  });

  it('a watch bounded by --count that times out first exits 1', async () => {
    const result = await cli(home, ['watch', '--count', '3', '--timeout', '500', ...CLI_SERVER]);
    expect(result.exitCode).toBe(1);
    expect(eventsOf(result.stdout).at(-1)).toEqual(jasmine.objectContaining({ status: 'closed', reason: 'timeout' }));
  });

  it('readable lines instead of NDJSON on a terminal', async () => {
    const stdout = Object.assign(liveStream(true), {});
    await cli(home, ['watch', '--timeout', '800', ...CLI_SERVER], { stdout, env: { NO_COLOR: '1' } });
    expect(stdout.text()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} state\s+connecting$/m);
    expect(stdout.text()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} stderr\s+cli-server ready \(pid \d+\)$/m);
    expect(stdout.text()).not.toContain('{"t":');
  });
});
