import { createRequire } from 'node:module';
import * as node from '../../src/node/index.js';

describe('rxmcp/node entry point', () => {
  it('exports the stdio and Docker transports, their errors, the loopback redirect, the file storage and the group from configuration files', () => {
    expect(Object.keys(node).sort()).toEqual([
      'ConfigError', 'ContainerExitError', 'DEFAULT_INHERITED_ENV_VARS', 'DEFAULT_SHUTDOWN_GRACE_MS', 'DOCKER_CLI_ENV_VARS', 'DOCKER_RUN_FAILED_EXIT_CODE',
      'DockerEngineUnavailableError', 'DockerImageNotFoundError', 'FILE_STORAGE_MODE', 'ProcessExitError', 'ProcessSpawnError', 'StdoutClosedError', 'clientGroupFromConfig', 'docker', 'dockerRunArgs', 'fileStorage', 'loopbackRedirect', 'stdio',
    ]);
  });
});

describe('rxmcp/ai entry point (package exports)', () => {
  it('resolves for import and require to the built ESM and CommonJS files, both loading the ai peer', async () => {
    const esm = (await import('rxmcp/ai' as string)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)('rxmcp/ai') as Record<string, unknown>;
    expect(import.meta.resolve('rxmcp/ai')).toMatch(/\/dist\/ai\.js$/);
    expect(createRequire(import.meta.url).resolve('rxmcp/ai')).toMatch(/\/dist\/ai\.cjs$/);
    expect(typeof esm['aiTools']).toBe('function');
    expect(typeof cjs['aiTools']).toBe('function');
  });
});
