// The README's quickstart, run verbatim in a fresh project where the packed tarball, rxjs and
// @modelcontextprotocol/server-everything are installed (from the npm cache only): it must list the tools, call
// one and exit by itself with code 0, leaving nothing on stderr. Packs what `npm run build` left in dist/.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, explain, installProject, outsideRepo, packInto, run, type Run } from '../helpers/fresh-project.js';

const SAMPLES = ['quickstart.mjs', 'quickstart-async.mjs'];
const INSTALL = 'npm install rxmcp rxjs @modelcontextprotocol/server-everything';
const SETUP_MS = 90_000;
const STEP_MS = 30_000;
const readme = (): string => readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('the README quickstart, in a fresh project', () => {
  let temp = '';
  let dir = '';
  let install: Run | undefined;
  const installed = (): string => {
    if (install?.code !== 0) throw new Error(`the install failed: ${install ? explain(install) : 'not run'}`);
    return dir;
  };

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist/index.js'))).withContext('dist/ is missing: run npm run build').toBeTrue();
    temp = outsideRepo('rxmcp-quickstart-');
    const tarball = await packInto(temp);
    dir = join(temp, 'project');
    mkdirSync(dir);
    const rxjs = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('rxjs/package.json'), 'utf8')) as { version: string }).version;
    install = await installProject(dir, ['@modelcontextprotocol/server-everything'], [tarball, `rxjs@${rxjs}`], SETUP_MS - 15_000);
    for (const sample of SAMPLES) copyFileSync(join(ROOT, 'examples', sample), join(dir, sample));
  }, SETUP_MS);

  afterAll(() => {
    if (temp !== '') rmSync(temp, { recursive: true, force: true });
  });

  it('is in the README as it is in examples/, after the install line it runs with', () => {
    const text = readme();
    expect(text).toContain(`\n${INSTALL}\n`);
    for (const sample of SAMPLES) {
      const code = readFileSync(join(ROOT, 'examples', sample), 'utf8');
      expect(text.includes('```js\n' + code + '```\n')).withContext(`README.md lacks examples/${sample}:\n${code}`).toBeTrue();
      expect(code.split('\n').length - 1).withContext(sample).toBeLessThanOrEqual(12);
    }
  });

  for (const sample of SAMPLES) {
    it(`${sample} lists the tools, calls echo and exits by itself with code 0 and nothing on stderr`, async () => {
      const ran = await run(process.execPath, [sample], installed(), STEP_MS);
      expect(ran.code).withContext(explain(ran)).toBe(0);
      expect(ran.stderr).toBe('');
      expect(ran.stdout.split('\n')[0]).toContain('echo, ');
      expect(ran.stdout).toContain("text: 'Echo: hello'");
    }, STEP_MS + 5_000);
  }

  it('type-checks both samples as JavaScript against the installed declarations (checkJs)', async () => {
    const project = installed();
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], strict: true, allowJs: true, checkJs: true, noEmit: true, skipLibCheck: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: SAMPLES }, null, 2));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project, 2 * STEP_MS);
    expect(checked.code).withContext(explain(checked)).toBe(0);
  }, 2 * STEP_MS + 5_000);
});
