import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import type { WarmRecord } from '../../src/index.js';
import { fileWarmStore } from '../../src/node/index.js';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('../fixtures/warm/warm-client.ts', import.meta.url));
const record = (name: string): WarmRecord => ({ format: 1, catalogs: {}, results: [{ key: name, method: 'tools/list', result: {}, freshUntil: 1, partition: '' }] });

describe('fileWarmStore', () => {
  let root: string;
  beforeEach(async () => (root = await mkdtemp(join(tmpdir(), 'rxmcp-warm-'))));
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('keeps each record in a file only its owner may read (0600), in a folder it creates as 0700, with no temporary file left', async () => {
    const folder = join(root, 'cache', 'rxmcp');
    await fileWarmStore(folder).set('node server.js', record('a'));
    const files = await readdir(folder);
    expect(files.length).toBe(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    expect((await stat(join(folder, files[0] ?? ''))).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('reads what another store of the same folder wrote, keeps keys apart and forgets deleted ones', async () => {
    await fileWarmStore(root).set('http://127.0.0.1:1/mcp', record('a'));
    await fileWarmStore(root).set('node server.js', record('b'));
    const again = fileWarmStore(root);
    expect(await again.get('http://127.0.0.1:1/mcp')).toEqual(record('a'));
    expect(await again.get('node server.js')).toEqual(record('b'));
    await again.delete('node server.js');
    expect(await fileWarmStore(root).get('node server.js')).toBeUndefined();
    expect(await fileWarmStore(root).get('http://127.0.0.1:1/mcp')).toEqual(record('a'));
  });

  it('reads an unreadable or foreign file as no record, and replaces it on the next write', async () => {
    const store = fileWarmStore(root);
    await store.set('k', record('a'));
    const [file] = await readdir(root);
    await writeFile(join(root, file ?? ''), '{"format":1,"catal');
    expect(await store.get('k')).toBeUndefined();
    await writeFile(join(root, file ?? ''), '{"format":2}');
    expect(await store.get('k')).toBeUndefined();
    await store.set('k', record('b'));
    expect(await store.get('k')).toEqual(record('b'));
  });

  describe('across a restart of the process', () => {
    let server: ExampleHttpServer;
    beforeAll(async () => (server = await startExampleHttpServer({ cacheTtlMs: 60_000 })));
    afterAll(async () => server.close());

    it('a second process finds what the first stored: no server/discover, the stored tools at once marked stale', async () => {
      const once = async () => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', CLIENT, root, server.url], { timeout: 15_000 });
        return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { first: { items?: unknown[]; stale: boolean }; sent: string[] };
      };
      const cold = await once();
      expect(cold.first.items).toBeUndefined();
      expect(cold.sent).toContain('server/discover');
      const warm = await once();
      expect(warm.sent).not.toContain('server/discover');
      expect(warm.sent).toContain('tools/list');
      expect(warm.first.stale).toBeTrue();
      expect(warm.first.items?.length).toBeGreaterThan(0);
    }, 40_000);
  });
});
