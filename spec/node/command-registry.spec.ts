// The table of transports reached by a command (stdio, Docker) and the reading of a `docker run` command line.
import { COMMAND_TRANSPORTS, commandKindOf, commandTransport, type CommandServer } from '../../src/node/index.js';
import { isDockerCli, parseDockerRun } from '../../src/node/docker-command.js';
import { commandKindNamed, commandTransportEntry } from '../../src/node/registry.js';
import { USAGE } from '../../src/cli/usage.js';

const server = (command: string, ...args: string[]): CommandServer => ({ command, args, env: {} });

describe('COMMAND_TRANSPORTS', () => {
  it('has one entry per kind, docker before stdio, each kind its own first spelling, each using only CommandOptions', () => {
    expect(COMMAND_TRANSPORTS.map((entry) => entry.kind)).toEqual(['docker', 'stdio']);
    for (const entry of COMMAND_TRANSPORTS) {
      expect(entry.names[0]).toBe(entry.kind);
      expect(commandKindNamed(entry.kind)).toBe(entry.kind);
      expect(entry.options.every((option) => ['inheritEnv', 'inheritVars', 'closeGraceMs', 'termGraceMs', 'maxMessageBytes'].includes(option))).toBeTrue();
    }
    expect(commandKindNamed('http')).toBeUndefined();
  });

  it('gives a docker run command with an image to docker, and any other command (docker ps, docker run without an image, node) to stdio', () => {
    expect(commandKindOf(server('docker', 'run', '-i', '--rm', 'mcp/fetch'))).toBe('docker');
    expect(commandKindOf(server('/usr/local/bin/docker', 'container', 'run', '-i', 'mcp/fetch'))).toBe('docker');
    expect(commandKindOf(server('docker', 'ps'))).toBe('stdio');
    expect(commandKindOf(server('docker', 'run', '-i', '--rm', '--network'))).toBe('stdio');
    expect(commandKindOf(server('node', 'run', 'server.js'))).toBe('stdio');
  });

  it('makes each transport by its entry: transport.kind is docker for a docker run command, stdio otherwise', () => {
    expect(commandTransport(server('docker', 'run', '-i', '--rm', 'mcp/fetch')).kind).toBe('docker');
    expect(commandTransport(server('node', 'server.js')).kind).toBe('stdio');
    expect(commandTransportEntry('stdio').create(server('docker', 'run', '-i', 'mcp/fetch'), {})?.kind).toBe('stdio');
    expect(commandTransportEntry('docker').create(server('docker', 'ps'), {})).toBeUndefined();
  });

  it('is what the help text lists for commands and --transport', () => {
    for (const entry of COMMAND_TRANSPORTS) expect(USAGE).toContain(`-- ${entry.claimsText}`);
    expect(USAGE).toContain(`--transport <${COMMAND_TRANSPORTS.map((entry) => entry.kind).join('|')}>`);
  });
});

describe('parseDockerRun', () => {
  const cases: readonly { title: string; args: string[]; read: ReturnType<typeof parseDockerRun> }[] = [
    { title: 'image and its arguments', args: ['run', '-i', '--rm', 'mcp/fetch', '--verbose', '-x'], read: { image: 'mcp/fetch', args: ['--verbose', '-x'], runArgs: [] } },
    {
      title: 'options with a value, as the next word or after =',
      args: ['run', '-i', '--rm', '-e', 'TOKEN', '--network', 'none', '-v=/a:/b', '--pull=never', 'ghcr.io/x/y:1'],
      read: { image: 'ghcr.io/x/y:1', args: [], runArgs: ['-e', 'TOKEN', '--network', 'none', '-v=/a:/b', '--pull=never'] },
    },
    { title: 'the container name, either spelling', args: ['run', '--name', 'box', '-i', 'img'], read: { image: 'img', args: [], runArgs: [], name: 'box' } },
    { title: 'the container name after =', args: ['run', '--name=box', 'img'], read: { image: 'img', args: [], runArgs: [], name: 'box' } },
    { title: 'short flags run together, a value attached or next', args: ['run', '-it', '-eA=1', '-te', 'B', '-uroot', 'img'], read: { image: 'img', args: [], runArgs: ['-it', '-eA=1', '-te', 'B', '-uroot'] } },
    { title: 'flags without a value among the long ones', args: ['run', '--init', '--read-only', '-i', 'img', 'a'], read: { image: 'img', args: ['a'], runArgs: ['--init', '--read-only'] } },
    { title: '-- before the image', args: ['run', '-i', '--', 'img', '-i'], read: { image: 'img', args: ['-i'], runArgs: [] } },
    { title: 'docker container run', args: ['container', 'run', '-i', 'img'], read: { image: 'img', args: [], runArgs: [] } },
    { title: 'not run', args: ['ps', '-a'], read: undefined },
    { title: 'no image', args: ['run', '-i', '--rm'], read: undefined },
    { title: 'an option without its value at the end', args: ['run', '-i', '-e'], read: undefined },
  ];
  for (const { title, args, read } of cases) {
    it(`reads ${title}: ${args.join(' ')}`, () => {
      expect(parseDockerRun(args)).toEqual(read);
    });
  }

  it('knows the docker CLI by its file name only', () => {
    expect(['docker', '/usr/bin/docker', 'C:\\Program Files\\Docker\\docker.exe'].map(isDockerCli)).toEqual([true, true, true]);
    expect(['podman', 'dockerd', '/opt/docker/bin/run'].map(isDockerCli)).toEqual([false, false, false]);
  });
});
