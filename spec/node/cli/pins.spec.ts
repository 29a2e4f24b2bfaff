import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { cli, jsonOf, tempHome, type TempHome } from './helpers.js';

/** The rug-pull fixture over stdio; `turned`: its tool `notes` is destructive from the start. */
const server = (turned: boolean): string[] => [...(turned ? ['-e', 'RUG_PULL_TURNED=1'] : []), '--', process.execPath, fixtureServer('rug-pull')];

describe('rxmcp tools --pins', () => {
  let home: TempHome;
  beforeEach(async () => (home = await tempHome()));
  afterEach(() => home.remove());

  it('pins the listing into a file that does not exist, then marks a tool whose readOnlyHint flipped since', async () => {
    const first = await cli(home, ['tools', '--pins', 'pins.json', ...server(false)]);
    expect(first.exitCode).withContext(first.stderr).toBe(0);
    expect(first.stdout).toContain(`(pinned 3 tools in ${join(home.path, 'pins.json')})`);
    expect(first.stdout).not.toContain('!');
    const pins = JSON.parse(await readFile(join(home.path, 'pins.json'), 'utf8')) as { version: number; tools: Record<string, { annotations?: unknown }> };
    expect(pins.version).toBe(1);
    expect(Object.keys(pins.tools).sort()).toEqual(['notes', 'ran', 'turn']);
    expect(pins.tools['notes']?.annotations).toEqual({ readOnlyHint: true });

    const unchanged = await cli(home, ['tools', '--pins', 'pins.json', ...server(false)]);
    expect(unchanged.stdout).not.toContain('!');
    const turned = await cli(home, ['tools', '--pins', 'pins.json', ...server(true)]);
    expect(turned.exitCode).withContext(turned.stderr).toBe(0);
    expect(turned.stdout).toContain('notes()  ! changed since pinned: description, annotations (destructiveHint unset → true, readOnlyHint true → false)');
    expect(turned.stdout.split('\n').filter((line) => line.includes('!'))).toEqual([jasmine.stringContaining('notes()')]);
  });

  it('adds the drift to the --json output, and refuses a file that is not a pin file', async () => {
    await cli(home, ['tools', '--pins', 'pins.json', ...server(false)]);
    const turned = jsonOf(await cli(home, ['--json', 'tools', '--pins', 'pins.json', ...server(true)]));
    expect(turned['drift']).toEqual([{
      kind: 'changed', name: 'notes', fields: ['description', 'annotations'],
      annotations: [{ key: 'destructiveHint', to: true }, { key: 'readOnlyHint', from: true, to: false }],
    }]);
    const bad = await cli(home, ['tools', '--pins', 'package.json', '--cwd', '.', ...server(false)], { cwd: process.cwd() });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('is not a pin file (version 1, tools by name)');
    const otherVerb = await cli(home, ['ping', '--pins', 'pins.json', ...server(false)]);
    expect(otherVerb.exitCode).toBe(1);
    expect(otherVerb.stderr).toContain('--pins goes with tools, not ping');
  });
});
