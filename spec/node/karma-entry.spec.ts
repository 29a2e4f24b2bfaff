import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Loads karma.conf.cjs with TMPDIR set to `tmpdir`, then lets karma-esbuild's own entry-point writer name one spec
 * file; returns the generated entry's text.
 */
function karmaEntryWith(tmpdir: string): Promise<string> {
  const script = `
    const path = require('node:path');
    require(path.join(process.cwd(), 'karma.conf.cjs'))({ set() {} });
    const { TestEntryPoint } = require('karma-esbuild/dist/test-entry-point.js');
    const entry = new TestEntryPoint();
    entry.addFile(path.join(process.cwd(), 'spec/exports.spec.ts'));
    entry.write();
    process.stdout.write(require('node:fs').readFileSync(entry.file, 'utf8'));
    require('node:fs').rmSync(entry.file);
  `;
  return new Promise((done, fail) => {
    execFile(process.execPath, ['-e', script], { cwd: ROOT, env: { ...process.env, TMPDIR: tmpdir }, timeout: 20_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout),
    );
  });
}

describe('karma.conf.cjs', () => {
  it('names spec files with ../-relative paths in the esbuild entry even when the checkout is inside TMPDIR', async () => {
    const entry = await karmaEntryWith(dirname(ROOT));
    expect(entry).toMatch(/^import "(\.\.\/)+[^"]*spec\/exports\.spec\.ts";$/);
  }, 25_000);
});
