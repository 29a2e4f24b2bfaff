import * as node from '../../src/node/index.js';

describe('rxmcp/node entry point', () => {
  it('exports the stdio and Docker transports and their errors', () => {
    expect(Object.keys(node).sort()).toEqual([
      'DEFAULT_INHERITED_ENV_VARS', 'DEFAULT_SHUTDOWN_GRACE_MS', 'DOCKER_CLI_ENV_VARS', 'ProcessExitError', 'ProcessSpawnError', 'StdoutClosedError',
      'docker', 'dockerRunArgs', 'loopbackRedirect', 'stdio',
    ]);
  });
});
