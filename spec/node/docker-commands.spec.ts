// A `docker run …` server as users write it down (a configuration file's entry, the command line's `-- docker run`)
// goes through the docker transport, so its failures are the errors naming the container and the image. No engine is
// needed: DOCKER_HOST points at a socket nobody listens on, and the docker CLI says so with exit code 125.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import type { ClientGroup } from '../../src/index.js';
import { clientGroupFromConfig, ContainerExitError, DOCKER_RUN_FAILED_EXIT_CODE, DockerEngineUnavailableError } from '../../src/node/index.js';
import { cli, errorOf, tempHome, type TempHome } from './cli/helpers.js';
import { specName } from '../helpers/docker-engine.js';

/** A socket path nobody listens on. */
const NO_ENGINE = 'unix:///nonexistent/rxmcp-spec/docker.sock';
const IMAGE = 'rxmcp-spec/servers:no-engine';
const NEVER_STARTED = (name: string): string => `No Docker engine answers, so container "${name}" (image "${IMAGE}") never started: `;

describe('docker run commands', () => {
  describe('in a configuration file', () => {
    let folder: string;
    let group: ClientGroup | undefined;
    beforeEach(async () => (folder = await realpath(await mkdtemp(join(tmpdir(), 'rxmcp-docker-commands-')))));
    afterEach(async () => {
      group?.close();
      group = undefined;
      await rm(folder, { recursive: true, force: true });
    });

    it('an entry with command docker and args run … fails with DockerEngineUnavailableError naming its container and image when no engine answers', async () => {
      const name = specName('config-no-engine');
      const file = join(folder, '.mcp.json');
      const args = ['run', '-i', '--rm', '--network', 'none', '--name', name, IMAGE];
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args, env: { DOCKER_HOST: NO_ENGINE } } } }));
      group = await clientGroupFromConfig(file, { stdio: { closeGraceMs: 500, termGraceMs: 500 } });
      const error = await firstValueFrom(group.client('box')!.connect()).then(() => undefined, (reason: unknown) => reason);
      expect(DockerEngineUnavailableError.is(error)).withContext(String(error)).toBeTrue();
      const unavailable = error as DockerEngineUnavailableError;
      expect(unavailable.container).toBe(name);
      expect(unavailable.image).toBe(IMAGE);
      expect(unavailable.exitCode).toBe(DOCKER_RUN_FAILED_EXIT_CODE);
      expect(unavailable.message).toContain(NEVER_STARTED(name));
      expect(unavailable.message).toContain('/nonexistent/rxmcp-spec/docker.sock');
    });

    it('a VS Code entry of type stdio whose command is docker run … names its image too', async () => {
      const file = join(folder, 'mcp.json');
      const args = ['run', '-i', '--rm', IMAGE];
      await writeFile(file, JSON.stringify({ servers: { box: { type: 'stdio', command: 'docker', args, env: { DOCKER_HOST: NO_ENGINE } } } }));
      group = await clientGroupFromConfig(file, { stdio: { closeGraceMs: 500, termGraceMs: 500 } });
      const error = await firstValueFrom(group.client('box')!.connect()).then(() => undefined, (reason: unknown) => reason);
      expect(DockerEngineUnavailableError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as ContainerExitError).image).toBe(IMAGE);
      expect((error as ContainerExitError).container).toMatch(/^rxmcp-[0-9a-f]{12}$/);
    });
  });

  describe('on the command line', () => {
    let home: TempHome;
    beforeEach(async () => (home = await tempHome()));
    afterEach(() => home.remove());

    it('-- docker run … fails naming the container and the image when no engine answers (-e sets the docker CLI\'s variables)', async () => {
      const name = specName('cli-no-engine');
      const result = await cli(home, ['--json', '-e', `DOCKER_HOST=${NO_ENGINE}`, 'tools', '--', 'docker', 'run', '-i', '--rm', '--name', name, IMAGE]);
      expect(result.exitCode).withContext(result.stderr).toBe(4);
      const error = errorOf(result);
      expect(error.step).toBe('spawn');
      expect(error.message).toContain(NEVER_STARTED(name));
      expect(error.details).toEqual(jasmine.objectContaining({ kind: 'DockerEngineUnavailableError', container: name, image: IMAGE, exitCode: DOCKER_RUN_FAILED_EXIT_CODE }));
    });

    it('a configured docker run server (--config, --server) fails the same way', async () => {
      const name = specName('cli-config-no-engine');
      const file = join(home.path, 'servers.json');
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args: ['run', '-i', '--rm', '--name', name, IMAGE], env: { DOCKER_HOST: NO_ENGINE } } } }));
      const result = await cli(home, ['--json', '--config', file, '--server', 'box', 'tools']);
      expect(result.exitCode).withContext(result.stderr).toBe(4);
      expect(errorOf(result).message).toContain(NEVER_STARTED(name));
    });

    it('servers lists a docker run entry with the transport docker, a plain command with stdio', async () => {
      const file = join(home.path, 'servers.json');
      await writeFile(file, JSON.stringify({ mcpServers: { box: { command: 'docker', args: ['run', '-i', '--rm', IMAGE] }, plain: { command: 'node', args: ['server.js'] } } }));
      const listed = await cli(home, ['--json', '--config', file, 'servers']);
      const servers = (JSON.parse(listed.stdout) as { servers: { name: string; kind: string; transport: string }[] }).servers;
      expect(servers.map(({ name, kind, transport }) => ({ name, kind, transport }))).toEqual([
        { name: 'box', kind: 'stdio', transport: 'docker' },
        { name: 'plain', kind: 'stdio', transport: 'stdio' },
      ]);
      const text = await cli(home, ['--config', file, 'servers']);
      expect(text.stdout).toMatch(/box +docker +docker run -i --rm rxmcp-spec\/servers:no-engine/);
      expect(text.stdout).toMatch(/plain +stdio +node server\.js/);
    });

    it('--transport stdio spawns a docker run command as it is, so its failure names the process', async () => {
      const result = await cli(home, ['--json', '--transport', 'stdio', '-e', `DOCKER_HOST=${NO_ENGINE}`, 'tools', '--', 'docker', 'run', '-i', '--rm', IMAGE]);
      expect(result.exitCode).withContext(result.stderr).toBe(4);
      const error = errorOf(result);
      expect(error.message).toBe(`The server process "docker" exited with code ${DOCKER_RUN_FAILED_EXIT_CODE} before it answered`);
      expect(error.details?.['image']).toBeUndefined();
    });

    it('--transport docker refuses a command that is not docker run … <image>, and a URL', async () => {
      const command = await cli(home, ['--json', '--transport', 'docker', 'tools', '--', 'docker', 'ps']);
      expect(command.exitCode).toBe(1);
      expect(errorOf(command).message).toBe('--transport docker runs docker run … <image> …, not docker ps');
      const url = await cli(home, ['--json', '--transport', 'docker', 'tools', 'http://127.0.0.1:1/mcp']);
      expect(url.exitCode).toBe(1);
      expect(errorOf(url).message).toBe('--transport docker needs a command after --, not a URL');
    });
  });
});
