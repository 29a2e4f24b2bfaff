import * as node from '../../src/node/index.js';

describe('rxmcp/node entry point', () => {
  it('exports the stdio and Docker transports, their errors, the loopback redirect and the file storage', () => {
    expect(Object.keys(node).sort()).toEqual([
      'DEFAULT_INHERITED_ENV_VARS', 'DEFAULT_SHUTDOWN_GRACE_MS', 'DOCKER_CLI_ENV_VARS', 'FILE_STORAGE_MODE', 'ProcessExitError',
      'ProcessSpawnError', 'docker', 'dockerRunArgs', 'fileStorage', 'loopbackRedirect', 'stdio',
    ]);
  });
});
