// A server in a container as users write it down: the command line's `-- docker run -i …` and a configuration
// file's Docker entry, against a real engine (local image, `--network none`); both go through the docker transport,
// so a missing image is a DockerImageNotFoundError naming it.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import type { ClientGroup } from '../../src/index.js';
import { clientGroupFromConfig, DockerImageNotFoundError } from '../../src/node/index.js';
import { cli, errorOf, tempHome, type TempHome } from './cli/helpers.js';
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

    it('says which image is missing when -- docker run … names one the engine does not have', async () => {
      const name = specName('cli-missing');
      const missing = `${image.split(':')[0] ?? 'rxmcp-spec/servers'}:never-built`;
      const result = await cli(home, ['--json', 'tools', '--', 'docker', 'run', '-i', '--rm', '--pull', 'never', '--name', name, missing]);
      expect(result.exitCode).withContext(result.stderr).toBe(4);
      const error = errorOf(result);
      expect(error.message).toContain(`Docker image "${missing}" is not available (container "${name}" never started): `);
      expect(error.details).toEqual(jasmine.objectContaining({ kind: 'DockerImageNotFoundError', container: name, image: missing }));
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

    it("passes the entry's env to the docker CLI, whose -e NAME hands it into the container", async () => {
      const file = join(folder, '.mcp.json');
      const args = ['run', '-i', '--rm', '--network', 'none', '-e', 'GREETING', image, IMAGE_SERVERS.cli];
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args, env: { GREETING: 'through the docker CLI' } } } }));
      group = await clientGroupFromConfig(file, { stdio: { closeGraceMs: 1000, termGraceMs: 1000 } });
      expect(textOf(await lastValueFrom(group.callTool('box__env', { name: 'GREETING' })))).toBe('through the docker CLI');
    }, CONTAINER_SPEC_MS);

    it('fails a Docker entry whose image the engine does not have with DockerImageNotFoundError naming the image and the container', async () => {
      const name = specName('config-missing');
      const missing = `${image.split(':')[0] ?? 'rxmcp-spec/servers'}:never-built`;
      const file = join(folder, '.mcp.json');
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args: ['run', '-i', '--rm', '--pull', 'never', '--name', name, missing] } } }));
      group = await clientGroupFromConfig(file, { stdio: { closeGraceMs: 1000, termGraceMs: 1000 } });
      const error = await firstValueFrom(group.client('box')!.connect()).then(() => undefined, (reason: unknown) => reason);
      expect(DockerImageNotFoundError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as DockerImageNotFoundError).image).toBe(missing);
      expect((error as DockerImageNotFoundError).container).toBe(name);
      expect((error as Error).message).toContain(`Docker image "${missing}" is not available (container "${name}" never started): `);
    }, CONTAINER_SPEC_MS);
  });
});
