// A server in a container as users write it down: the command line's `-- docker run -i …` and a configuration
// file's Docker entry, against a real engine (local image, `--network none`).
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom } from 'rxjs';
import type { ClientGroup } from '../../src/index.js';
import { clientGroupFromConfig } from '../../src/node/index.js';
import { cli, tempHome, type TempHome } from './cli/helpers.js';
import { CONTAINER_SPEC_MS, containersNamed, IMAGE_SERVERS, imageOrPending, specName } from '../helpers/docker-engine.js';
import { textOf } from '../helpers/mcp-fixtures.js';
import { until } from '../helpers/until.js';

describe('docker run -i entries against a real engine', () => {
  let image: string;

  beforeEach(async () => {
    image = await imageOrPending();
  }, 120_000);

  describe('the command line', () => {
    let home: TempHome;
    beforeEach(async () => (home = await tempHome()));
    afterEach(() => home.remove());

    it('calls a tool of the server started by -- docker run -i --rm …, and leaves no container', async () => {
      const name = specName('cli');
      const run = ['docker', 'run', '-i', '--rm', '--network', 'none', '--name', name, '-e', 'GREETING=from the command line', image, IMAGE_SERVERS.cli];
      for (const protocol of ['legacy', 'modern']) {
        const result = await cli(home, ['--protocol', protocol, 'call', 'env', 'name=GREETING', '--', ...run]);
        expect(result.exitCode).withContext(result.stderr).toBe(0);
        expect(result.stdout).toBe('from the command line\n');
        await until(async () => (await containersNamed(name)).length === 0, 5000, `container ${name} is still there`);
      }
    }, CONTAINER_SPEC_MS);
  });

  describe('a configuration file', () => {
    let folder: string;
    let group: ClientGroup | undefined;
    beforeEach(async () => (folder = await realpath(await mkdtemp(join(tmpdir(), 'rxmcp-docker-config-')))));
    afterEach(async () => {
      group?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('runs a Docker entry (command docker, args run -i --rm …, ${VAR} expanded) and leaves no container after close', async () => {
      const name = specName('config');
      const file = join(folder, '.mcp.json');
      const args = ['run', '-i', '--rm', '--network', 'none', '--name', name, '-e', 'GREETING=${GREETING}', image, IMAGE_SERVERS.cli];
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args } } }));
      group = await clientGroupFromConfig(file, { env: { ...process.env, GREETING: 'from the file' }, stdio: { closeGraceMs: 1000, termGraceMs: 1000 } });
      expect(textOf(await lastValueFrom(group.callTool('box__env', { name: 'GREETING' })))).toBe('from the file');
      expect(await containersNamed(name)).toEqual([name]);
      group.close();
      group = undefined;
      await until(async () => (await containersNamed(name)).length === 0, 5000, `container ${name} is still there`);
    }, CONTAINER_SPEC_MS);
  });
});
