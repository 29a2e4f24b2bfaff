// The published artefact as a user gets it: `npm pack`, then an install of the tarball into a fresh project outside
// this repository (so nothing resolves from our node_modules), with only the package's declared dependencies and
// the rxjs peer, served from the npm cache that `npm ci` filled. Packs what `npm run build` left in dist/ (`npm
// test` builds first).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = join(ROOT, 'spec/fixtures/package');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
};
const SETUP_MS = 80_000;
const STEP_MS = 40_000;
const require = createRequire(import.meta.url);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, timeout = STEP_MS): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ code, stdout, stderr });
    });
  });
}

const node = (args: readonly string[], cwd: string): Promise<Run> => run(process.execPath, args, cwd);
const binOf = (pkg: string, name: string): string => {
  const manifest = join(ROOT, 'node_modules', pkg, 'package.json');
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin[name] as string;
  return join(dirname(manifest), bin);
};
const explain = (step: Run): string => `exit ${step.code}\n${step.stdout.slice(-3000)}\n${step.stderr.slice(-3000)}`;

/** Every file under `dir`, relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

/** A temporary folder that is not inside this repository, so that module resolution cannot climb into it. */
function outsideRepo(): string {
  const base = relative(ROOT, tmpdir()).startsWith('..') ? tmpdir() : '/tmp';
  return mkdtempSync(join(base, 'rxmcp-package-'));
}

/** The three TypeScript setups a consumer may have; each checks the ESM consumer, node16/nodenext also the CJS one. */
const TS_SETUPS = {
  node16: { module: 'node16', moduleResolution: 'node16', files: ['consumer.ts', 'consumer-cjs.cts'] },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', files: ['consumer.ts', 'consumer-cjs.cts'] },
  bundler: { module: 'esnext', moduleResolution: 'bundler', files: ['consumer.ts'] },
} as const;

function writeTsconfig(dir: string, name: keyof typeof TS_SETUPS): string {
  const setup = TS_SETUPS[name];
  const file = `tsconfig.${name}.json`;
  const compilerOptions = {
    module: setup.module, moduleResolution: setup.moduleResolution, target: 'es2022', lib: ['es2022', 'dom'], strict: true,
    noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')],
  };
  writeFileSync(join(dir, file), JSON.stringify({ compilerOptions, files: setup.files }, null, 2));
  return file;
}

describe('the packed tarball, installed in a fresh project', () => {
  let temp = '';
  let dir = '';
  let tarball = '';
  let install: Run | undefined;
  const installed = (): string => {
    if (install?.code !== 0) throw new Error(`the install failed: ${install ? explain(install) : 'not run'}`);
    return dir;
  };

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist/index.js'))).withContext('dist/ is missing: run npm run build').toBeTrue();
    temp = outsideRepo();
    const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', temp], ROOT);
    if (packed.code !== 0) throw new Error(`npm pack failed: ${explain(packed)}`);
    tarball = join(temp, packed.stdout.trim().split('\n').pop() as string);
    const project = join(temp, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'rxmcp-consumer', private: true, type: 'module' }, null, 2));
    for (const file of ['server.mjs', 'client.mjs', 'marbles.mjs', 'entries.mjs', 'entries.cjs', 'consumer.ts', 'consumer-cjs.cts']) {
      copyFileSync(join(FIXTURES, file), join(project, file));
    }
    const rxjs = (JSON.parse(readFileSync(require.resolve('rxjs/package.json'), 'utf8')) as { version: string }).version;
    install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball, `rxjs@${rxjs}`], project, SETUP_MS - 15_000);
    dir = project;
  }, SETUP_MS);

  afterAll(() => {
    if (temp !== '') rmSync(temp, { recursive: true, force: true });
  });

  it('installs with npm (exit 0) and runs no install script of its own', () => {
    expect(install?.code).withContext(install ? explain(install) : 'not run').toBe(0);
    const manifest = JSON.parse(readFileSync(join(installed(), 'node_modules/rxmcp/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const lifecycle = Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?install$/.test(name));
    expect(lifecycle).toEqual([]);
  });

  it('brings only its declared dependencies: a dev dependency of rxmcp does not resolve in the project', async () => {
    const project = installed();
    for (const name of Object.keys(PKG.dependencies ?? {})) expect(existsSync(join(project, 'node_modules', name))).withContext(name).toBeTrue();
    const probe = await node(['-e', "require.resolve('jasmine'); require.resolve('@modelcontextprotocol/client')"], project);
    expect(probe.code).not.toBe(0);
    expect(probe.stderr).toContain("Cannot find module 'jasmine'");
  }, STEP_MS);

  it('imports every entry from ESM and from CommonJS, with the same exports', async () => {
    const project = installed();
    const esm = await node(['entries.mjs'], project);
    const cjs = await node(['entries.cjs'], project);
    expect(esm.code).withContext(explain(esm)).toBe(0);
    expect(cjs.code).withContext(explain(cjs)).toBe(0);
    const fromEsm = JSON.parse(esm.stdout) as Record<string, string[]>;
    expect(Object.keys(fromEsm)).toEqual(['rxmcp', 'rxmcp/agent', 'rxmcp/protocol', 'rxmcp/session', 'rxmcp/oauth', 'rxmcp/node', 'rxmcp/testing']);
    expect(fromEsm['rxmcp']).toContain('createClient');
    expect(fromEsm['rxmcp/agent']).toContain('agentLoop');
    expect(fromEsm['rxmcp/protocol']).toContain('JsonRpcMessageSchema');
    expect(fromEsm['rxmcp/session']).toContain('createSession');
    expect(fromEsm['rxmcp/oauth']).toContain('oauth');
    expect(fromEsm['rxmcp/node']).toContain('stdio');
    expect(fromEsm['rxmcp/testing']).toContain('marbleTransport');
    expect(JSON.parse(cjs.stdout)).toEqual(fromEsm);
  }, STEP_MS);

  for (const setup of Object.keys(TS_SETUPS) as (keyof typeof TS_SETUPS)[]) {
    it(`type-checks a consumer with moduleResolution ${setup} (skipLibCheck off)`, async () => {
      const project = installed();
      const checked = await node([binOf('typescript', 'tsc'), '-p', writeTsconfig(project, setup)], project);
      expect(checked.code).withContext(explain(checked)).toBe(0);
    }, STEP_MS);
  }

  it('passes @arethetypeswrong/cli for node16 (CJS and ESM) and bundler', async () => {
    installed();
    const checked = await node([binOf('@arethetypeswrong/cli', 'attw'), tarball, '--profile', 'node16', '--format', 'json'], dir);
    expect(checked.code).withContext(explain(checked)).toBe(0);
    const report = JSON.parse(checked.stdout) as { problems?: Record<string, { entrypoint: string; resolutionKind: string }[]> };
    const problems = Object.values(report.problems ?? {}).flat();
    // node10 (no `exports` support) cannot see the subpaths; the node16 profile ignores it, and so does this check.
    expect(problems.filter((problem) => problem.resolutionKind !== 'node10')).toEqual([]);
  }, STEP_MS);

  it('passes publint (strict: warnings count)', async () => {
    installed();
    const checked = await node([binOf('publint', 'publint'), 'run', tarball, '--strict'], dir);
    expect(checked.code).withContext(explain(checked)).toBe(0);
    expect(checked.stdout).toContain('All good!');
  }, STEP_MS);

  it('ships declarations once, and source maps whose every source is shipped or embedded', () => {
    const pkgDir = join(installed(), 'node_modules/rxmcp');
    const files = listFiles(pkgDir);
    const declarations = files.filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts') || file.endsWith('.d.mts'));
    const entryStubs = ['index', 'agent', 'protocol', 'session', 'oauth', 'node', 'testing', 'ai'].map((entry) => `dist/${entry}.d.ts`);
    expect(declarations.filter((file) => !file.startsWith('dist/types/') && !entryStubs.includes(file))).toEqual([]);
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const dangling: string[] = [];
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(pkgDir, file), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
      map.sources.forEach((source, index) => {
        const embedded = typeof map.sourcesContent?.[index] === 'string';
        if (!embedded && !existsSync(resolve(pkgDir, dirname(file), source))) dangling.push(`${file}: ${source}`);
      });
    }
    expect(dangling).toEqual([]);
  });

  it('runs an example end to end from the installed package: a client over stdio against a tiny server', async () => {
    const ran = await node(['client.mjs'], installed());
    expect(ran.code).withContext(explain(ran)).toBe(0);
    expect(JSON.parse(ran.stdout.trim().split('\n').pop() as string)).toEqual({
      protocolVersion: '2025-11-25', server: 'tiny-server', tools: ['echo'], text: 'hello from the tarball',
    });
  }, STEP_MS);

  it('runs marble specs written with the installed testing kit, which pass in both eras and fail on a wrong diagram', async () => {
    const ran = await node(['marbles.mjs'], installed());
    expect(ran.code).withContext(explain(ran)).toBe(0);
    expect(JSON.parse(ran.stdout.trim().split('\n').pop() as string)).toEqual([
      { title: 'follows a change of the list (legacy 2025-11-25)', passed: true },
      { title: 'follows a change of the list (modern 2026-07-28)', passed: true },
      { title: 'fails on a wrong diagram (modern 2026-07-28)', passed: false, error: 'ExpectationFailedError', problems: ['expected 0ms next 2, got 0ms next 1'] },
    ]);
  }, STEP_MS);

  // The command-line tools the package declares in `bin` (none yet): each must be linked into the project and run.
  // Checks of a CLI's own behaviour belong here, beside this one.
  const bins = typeof PKG.bin === 'string' ? { [PKG.name]: PKG.bin } : (PKG.bin ?? {});
  for (const name of Object.keys(bins)) {
    it(`links the ${name} command, which runs --help with exit 0`, async () => {
      const ran = await run(join(installed(), 'node_modules/.bin', name), ['--help'], dir);
      expect(ran.code).withContext(explain(ran)).toBe(0);
    }, STEP_MS);
  }
});
