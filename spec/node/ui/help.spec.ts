// `rxmcp ui --help` and the flags of `ui` itself, in-process (nothing is served).
import { runCli } from '../../../src/cli/run.js';
import { parseUiFlags } from '../../../src/cli/ui/verb.js';

describe('rxmcp ui --help', () => {
  it('documents every flag that ui takes, and rxmcp --help names the ui verb', async () => {
    const help = await runCli(['ui', '--help']);
    expect(help.exitCode).toBe(0);
    for (const flag of ['--port <port>', '--host <host>', '--no-open', '--allow-spawn', '-h, --help', '-e KEY=VALUE', '--cwd <dir>', '--inherit-env', '--config <file> --server <name>']) {
      expect(help.stdout).withContext(flag).toContain(flag);
    }
    expect((await runCli(['--help'])).stdout).toContain('ui [target]');
  });
});

describe('parseUiFlags', () => {
  it('takes its own flags before -- and leaves the target\'s words and the command after -- as they are', () => {
    const flags = parseUiFlags(['--port=8400', '-e', 'A=1', '--no-open', '--allow-spawn', '--', 'node', 'server.js', '--port', '9']);
    expect(flags).toEqual({ port: 8400, host: '127.0.0.1', allowSpawn: true, open: false, help: false, rest: ['-e', 'A=1', '--', 'node', 'server.js', '--port', '9'] });
  });

  it('refuses a port that is not one, and any host but 127.0.0.1 and localhost', () => {
    expect(() => parseUiFlags(['--port', 'http'])).toThrowError(/--port needs a value|is not a port/);
    expect(() => parseUiFlags(['--port', '70000'])).toThrowError(/--port 70000 is not a port/);
    expect(parseUiFlags(['--host', 'localhost']).host).toBe('localhost');
    expect(() => parseUiFlags(['--host=0.0.0.0'])).toThrowError(/--host 0\.0\.0\.0 refused/);
  });
});
