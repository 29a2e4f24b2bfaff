// Shell completion with real shells: bash driven on a terminal (tmux), fish asked with `complete -C`, zsh parsed.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bashShell, BIN, exec, EXAMPLE_SERVER, shellPlace, tmuxServer, type Shell, type ShellPlace } from './shells.js';

const server = tmuxServer(`rxmcp-completion-${process.pid}`);
const TOOLS = ['add', 'countdown', 'greet', 'summarize', 'toggle_tool', 'bump', 'big_result', 'flood', 'edit_skill'];

/** The line being edited: the last line of the screen that shows the prompt. */
async function editedLine(shell: Shell): Promise<string> {
  const lines = (await shell.screen()).split('\n').filter((line) => line.startsWith('$ '));
  return lines[lines.length - 1] ?? '';
}

describe('rxmcp completion', () => {
  let place: ShellPlace;
  beforeAll(async () => {
    expect(existsSync(BIN)).withContext('run npm run build').toBeTrue();
    await expectAsync(exec('tmux', ['-V'])).withContext('tmux is needed (.ci/run installs it)').toBeResolved();
    await server.start();
    place = await shellPlace();
    await writeFile(join(place.home, '.claude.json'), JSON.stringify({ mcpServers: { notes: { command: 'notes-server' }, weather: { url: 'https://weather.example/mcp' } } }));
    const connect = await place.rxmcp('connect', 'ex', ...EXAMPLE_SERVER);
    expect(connect.code).withContext(connect.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await place.rxmcp('disconnect', 'ex');
    await place.remove();
    await server.stop();
  });

  it('in bash on a terminal completes verbs, options, configured servers, sessions and a session\'s tools', async () => {
    const shell = await bashShell(server, 'bash', place, place.home);
    try {
      expect((await shell.run('eval "$(rxmcp completion bash)"')).code).toBe(0);
      /** Tab twice: the list of candidates. */
      const complete = async (typed: string, pattern: RegExp): Promise<string> => {
        await shell.type('-l', typed);
        await shell.type('Tab', 'Tab');
        const screen = await shell.until(pattern);
        await shell.type('C-u');
        return screen;
      };
      /** Tab once, then `^`: the one candidate, completed with a space after it. */
      const completed = async (typed: string, line: string): Promise<void> => {
        await shell.type('-l', typed);
        await shell.type('Tab');
        await shell.type('-l', '^');
        await shell.until(new RegExp(`^\\$ ${line.replace(/[$^.*+?()[\]{}|\\-]/g, '\\$&')} \\^`, 'm'));
        await shell.type('C-u');
      };
      await complete('rxmcp se', /servers\s+sessions\s+set-level/);
      await complete('rxmcp completion ', /bash\s+fish\s+zsh/);
      await completed('rxmcp no', 'rxmcp notes');
      await completed('rxmcp we', 'rxmcp weather');
      await completed('rxmcp @', 'rxmcp @ex');
      await completed('rxmcp --js', 'rxmcp --json');
      const tools = await complete('rxmcp @ex call ', new RegExp(TOOLS.slice().sort().join('\\s+')));
      for (const tool of TOOLS) expect(tools).toContain(tool);
      await completed('rxmcp @ex call bu', 'rxmcp @ex call bump');
      await completed('rxmcp @ex to', 'rxmcp @ex tools');
      expect((await editedLine(shell)).trim()).toBe('$');
    } finally {
      await shell.close();
    }
  }, 120_000);

  it('in fish completes the same words (complete -C)', async () => {
    const script = join(place.home, 'rxmcp.fish');
    await exec(process.execPath, [BIN, 'completion', 'fish'], { env: place.env }).then(({ stdout }) => writeFile(script, stdout));
    const ask = async (line: string): Promise<string[]> => {
      const { stdout } = await exec('fish', ['--no-config', '-c', `source ${script}; complete -C '${line}'`], { env: place.env, cwd: place.home });
      return stdout.split('\n').filter((word) => word !== '').map((word) => word.split('\t')[0] as string);
    };
    expect(await ask('rxmcp @ex call ')).toEqual(jasmine.arrayWithExactContents(TOOLS));
    expect(await ask('rxmcp se')).toEqual(jasmine.arrayWithExactContents(['servers', 'sessions', 'set-level']));
    expect(await ask('rxmcp ')).toEqual(jasmine.arrayContaining(['tools', 'connect', 'notes', 'weather', '@ex']));
    expect(await ask('rxmcp disconnect ')).toEqual(['ex']);
    expect(await ask('rxmcp --js')).toEqual(['--json']);
  }, 60_000);

  it('prints a zsh script that zsh parses, and refuses an unknown shell (exit 1)', async () => {
    const script = join(place.home, '_rxmcp');
    const { stdout } = await exec(process.execPath, [BIN, 'completion', 'zsh'], { env: place.env });
    await writeFile(script, stdout);
    expect(stdout.startsWith('#compdef rxmcp\n')).toBeTrue();
    await expectAsync(exec('zsh', ['-n', script])).toBeResolved();
    const bad = await place.rxmcp('completion', 'tcsh');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('completion takes a shell: bash, zsh, fish');
  }, 30_000);

  it("takes the Inspector's spelling, --completion <shell> with or without --cli, for the same script", async () => {
    const direct = await place.rxmcp('completion', 'bash');
    for (const argv of [['--cli', '--completion', 'bash'], ['--completion', 'bash']]) {
      const aliased = await place.rxmcp(...argv);
      expect(aliased.code).withContext(`${argv.join(' ')}: ${aliased.stderr}`).toBe(0);
      expect(aliased.stdout).toBe(direct.stdout);
    }
    const bad = await place.rxmcp('--cli', '--completion', 'tcsh');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('completion takes a shell: bash, zsh, fish');
  }, 30_000);
});
