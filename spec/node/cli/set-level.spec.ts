import { cli, EXAMPLE_STDIO, tempHome, type TempHome } from './helpers.js';

describe('rxmcp set-level', () => {
  let home: TempHome;
  beforeAll(async () => {
    home = await tempHome();
  });
  afterAll(async () => {
    await home.remove();
  });

  it('takes the level as its operand (set-level info), as the verb grammar puts it', async () => {
    const result = await cli(home, ['set-level', 'info', ...EXAMPLE_STDIO]);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('log level info');
    expect(result.exitCode).toBe(0);
  }, 30_000);

  it('refuses a missing or unknown level as a usage error (exit 1) instead of sending an empty one', async () => {
    const missing = await cli(home, ['set-level', ...EXAMPLE_STDIO]);
    const unknown = await cli(home, ['set-level', 'loud', ...EXAMPLE_STDIO]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('set-level takes one of debug, info');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('not "loud"');
  }, 30_000);
});
