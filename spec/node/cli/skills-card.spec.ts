import { cli, EXAMPLE_STDIO, jsonOf, withExampleHttpServer } from './helpers.js';

describe('rxmcp skills and card, in process, against the bundled example server', () => {
  const env = withExampleHttpServer();

  it('skills: one entry per skill with its URI and file count, every page', async () => {
    const result = await cli(env.home, ['skills', ...EXAMPLE_STDIO]);
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('pdf-processing  Extract, fill, and assemble PDF documents\n  skill://pdf-processing/SKILL.md  (4 files)');
    expect(result.stdout).toContain('skill://reports/daily/SKILL.md  (dynamic)');
    expect(result.stdout.match(/^ {2}skill:\/\//gm)?.length).toBe(4);
  });

  it('skills <name> <path>: the file, verified; --json gives its digest and size', async () => {
    const text = await cli(env.home, [env.url, 'skills', 'pdf-processing', 'templates/invoice.md']);
    expect(text).toEqual({ exitCode: 0, stdout: '# Invoice\n\nNumber, date, lines, total.\n', stderr: '' });
    const json = jsonOf(await cli(env.home, ['--json', env.url, 'skills', 'skill://git-workflow/SKILL.md'])) as { digest: string; size: number };
    expect(json.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(json.size).toBe(217);
  });

  it('skills <name> <path> of a file not in the manifest fails with the check named', async () => {
    const result = await cli(env.home, [env.url, 'skills', 'pdf-processing', 'templates/credit-note.md']);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain('skill://pdf-processing/templates/credit-note.md failed the unlisted check');
  });

  it('card: the example server\'s card, by endpoint and by origin', async () => {
    const byEndpoint = await cli(env.home, ['card', env.url]);
    expect(byEndpoint.exitCode).withContext(byEndpoint.stderr).toBe(0);
    expect(byEndpoint.stdout).toContain(`streamable-http  ${env.url}  (2026-07-28, 2025-11-25)`);
    expect(byEndpoint.stdout).toContain(`card: ${env.url}/server-card`);
    const card = jsonOf(await cli(env.home, ['--json', 'card', new URL(env.url).origin])) as { name: string };
    expect(card.name).toBe('io.github.rxmcp/example-server');
  });
});
