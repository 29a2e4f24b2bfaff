import { cli, EXAMPLE_STDIO, jsonOf, withExampleHttpServer } from './helpers.js';

describe('rxmcp events, in process, against the bundled example server', () => {
  const env = withExampleHttpServer();

  it('events: one line per event type with its delivery modes; --json the types with their schemas', async () => {
    const result = await cli(env.home, ['events', ...EXAMPLE_STDIO]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('example.tick  (push, poll)  A tick every few moments');
    expect(result.stdout).toContain('example.bounded  (poll)  A tick every few moments; only the last 5 are kept');
    const json = jsonOf(await cli(env.home, ['--json', env.url, 'events'])) as { events: { name: string; payloadSchema: unknown }[] };
    expect(json.events.map((type) => type.name)).toEqual(['example.tick', 'example.bounded']);
  });

  it('events <name> k=v --count n: n occurrences as NDJSON, in order, typed arguments selecting them', async () => {
    const result = await cli(env.home, [env.url, 'events', 'example.tick', 'every=1', '--count', '2']);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; eventId: string; data: { n: number } });
    expect(lines.length).toBe(2);
    expect(lines.every((line) => line.type === 'event' && line.eventId === `example.tick-${line.data.n}`)).toBeTrue();
    expect(lines[1]!.data.n).toBe(lines[0]!.data.n + 1);
  }, 15_000);

  it('events <name> with arguments outside the inputSchema fails before subscribing', async () => {
    const result = await cli(env.home, [env.url, 'events', 'example.tick', 'every=0']);
    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('every');
  });
});
