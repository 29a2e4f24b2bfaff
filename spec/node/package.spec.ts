// The published artefact as a user gets it: `npm pack`, then an install of the tarball into a fresh project outside
// this repository (so nothing resolves from our node_modules), with only the package's declared dependencies and
// the rxjs peer, served from the npm cache that `npm ci` filled. Packs what `npm run build` left in dist/ (`npm
// test` builds first).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { explain, packedProject, ROOT, run, SETUP_MS, STEP_MS, type Packed, type Run } from './packed-project.js';

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
};
/**
 * The most the packed tarball may weigh (`npm pack --json`'s `size`), in bytes: 1.06 MB measured with four entries,
 * 1.11 MB with eight, 1.23 MB with ten (`rxmcp/otel` and `rxmcp/warm`, with tool pinning, the OAuth URL guard and
 * the shared token refresh), 1.44 MB with twelve and the Node build of `rxmcp` (`rxmcp/openai-agents`,
 * `rxmcp/langchain`, `dist/index-node.*` with `undiciFetch`, the streaming agent loop, the Skills extension and Server
 * Cards, recording and replay, typed tools, the command line's sessions, completion and Inspector mode), 1.47 MB
 * (1,473,691 B) with thirteen (`rxmcp/apps`, the MCP Apps host), 1.70 MB (1,702,813 B) with fourteen (`rxmcp/events` with webhook delivery) and dist/ui, the page of `rxmcp ui` (0.36 MB
 * minified, without source maps), 1.72 MB (1,723,838 B) with webhook routing and the shared receiver. Each entry
 * adds its ESM and CommonJS files, their maps and a declaration stub, and the code the entries share is split into
 * more chunks; the ESM source maps carry rxmcp's TypeScript (2.7 MB of the 6.4 MB unpacked are maps), so the
 * tarball grows by about twice what the code does.
 */
const MAX_PACKED_BYTES = 1_760_000;
const node = (args: readonly string[], cwd: string): Promise<Run> => run(process.execPath, args, cwd);
const binOf = (pkg: string, name: string): string => {
  const manifest = join(ROOT, 'node_modules', pkg, 'package.json');
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin[name] as string;
  return join(dirname(manifest), bin);
};

/** Every file under `dir`, relative to it. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
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

describe('the package version', () => {
  it('is what src/client/version.ts says (the build writes it from package.json)', async () => {
    const { VERSION } = await import('../../src/client/version.js');
    expect(VERSION).toBe(PKG.version);
  });
});

describe('the packed tarball, installed in a fresh project', () => {
  let dir = '';
  let tarball = '';
  let packed: Packed | undefined;
  let install: Run | undefined;
  const installed = (): string => {
    if (install?.code !== 0) throw new Error(`the install failed: ${install ? explain(install) : 'not run'}`);
    return dir;
  };

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist/index.js'))).withContext('dist/ is missing: run npm run build').toBeTrue();
    ({ tarball, packed, install, dir } = await packedProject());
  }, SETUP_MS);

  it('installs with npm (exit 0) and has no install-time script (preinstall, install, postinstall, prepare)', () => {
    expect(install?.code).withContext(install ? explain(install) : 'not run').toBe(0);
    const manifest = JSON.parse(readFileSync(join(installed(), 'node_modules/rxmcp/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const lifecycle = Object.keys(manifest.scripts ?? {}).filter((name) => /^(pre|post)?(install|prepare)$/.test(name));
    expect(lifecycle).toEqual([]);
  });

  it('installs without a warning: npm prints nothing about install scripts, nor any other warning', () => {
    installed();
    const output = `${install?.stdout ?? ''}\n${install?.stderr ?? ''}`;
    const lines = output.split('\n');
    expect(lines.filter((line) => /install-scripts|allowScripts|\bprepare\b|\b(pre|post)?install:/i.test(line))).withContext(output).toEqual([]);
    expect(lines.filter((line) => /^npm (warn|WARN|ERR)/.test(line))).withContext(output).toEqual([]);
  });

  it(`packs into at most ${MAX_PACKED_BYTES} bytes, without the TypeScript sources`, () => {
    const report = packed as Packed;
    expect(report.size).withContext(`${report.size} bytes packed, ${report.unpackedSize} unpacked, ${report.entryCount} files`).toBeLessThanOrEqual(MAX_PACKED_BYTES);
    expect(report.files.map((file) => file.path).filter((path) => path.startsWith('src/'))).toEqual([]);
  });

  it('reports the version of its package.json as the default clientInfo.version, from ESM and from CommonJS', async () => {
    const project = installed();
    const esm = await node(['--input-type=module', '-e', "import { DEFAULT_CLIENT_INFO } from 'rxmcp'; console.log(DEFAULT_CLIENT_INFO.version)"], project);
    const cjs = await node(['-e', "console.log(require('rxmcp').DEFAULT_CLIENT_INFO.version)"], project);
    expect([esm.stdout.trim(), cjs.stdout.trim()]).withContext(`${explain(esm)}\n${explain(cjs)}`).toEqual([PKG.version, PKG.version]);
  }, STEP_MS);

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
    expect(Object.keys(fromEsm)).toEqual(['rxmcp', 'rxmcp/agent', 'rxmcp/protocol', 'rxmcp/session', 'rxmcp/oauth', 'rxmcp/node', 'rxmcp/testing', 'rxmcp/warm', 'rxmcp/events', 'rxmcp/apps']);
    expect(fromEsm['rxmcp']).toContain('createClient');
    expect(fromEsm['rxmcp/agent']).toContain('agentLoop');
    expect(fromEsm['rxmcp/protocol']).toContain('JsonRpcMessageSchema');
    expect(fromEsm['rxmcp/session']).toContain('createSession');
    expect(fromEsm['rxmcp/oauth']).toContain('oauth');
    expect(fromEsm['rxmcp/node']).toContain('stdio');
    expect(fromEsm['rxmcp/testing']).toContain('marbleTransport');
    expect(fromEsm['rxmcp/warm']).toContain('warmStart');
    expect(fromEsm['rxmcp/events']).toContain('subscribeEvents');
    expect(fromEsm['rxmcp/apps']).toContain('renderApp');
    expect(JSON.parse(cjs.stdout)).toEqual(fromEsm);
  }, STEP_MS);

  it('loads rxmcp/openai-agents without @openai/agents (types only), and rxmcp/langchain fails naming its missing peer', async () => {
    const project = installed();
    expect(existsSync(join(project, 'node_modules/@openai/agents'))).toBeFalse();
    const ran = await node(['peers-absent.mjs'], project);
    expect(ran.code).withContext(explain(ran)).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ listed: ['echo'], called: [{ type: 'text', text: 'hi' }], langchain: 'ERR_MODULE_NOT_FOUND: @langchain/core' });
  }, STEP_MS);

  for (const setup of Object.keys(TS_SETUPS) as (keyof typeof TS_SETUPS)[]) {
    it(`type-checks a consumer with moduleResolution ${setup} (skipLibCheck off)`, async () => {
      const project = installed();
      const checked = await node([binOf('typescript', 'tsc'), '-p', writeTsconfig(project, setup)], project);
      expect(checked.code).withContext(explain(checked)).toBe(0);
    }, STEP_MS);
  }

  it('gives Node the Node build of rxmcp/oauth (resolving and pinning by default), from ESM and from CommonJS', async () => {
    const ran = await node(['oauth-build.mjs'], installed());
    expect(ran.code).withContext(explain(ran)).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ esm: 'oauth-node.js', cjs: 'oauth-node.cjs', oauth: 'function' });
  }, STEP_MS);

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

  it('ships declarations once (but the ESM-scope copy of rxmcp/langchain\'s), without declaration maps, and source maps that carry every original source in sourcesContent', () => {
    const pkgDir = join(installed(), 'node_modules/rxmcp');
    const files = listFiles(pkgDir);
    const declarations = files.filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts') || file.endsWith('.d.mts'));
    const entryStubs = ['index', 'agent', 'protocol', 'session', 'oauth', 'node', 'testing', 'warm', 'events', 'ai', 'otel', 'openai-agents', 'langchain', 'apps'].map((entry) => `dist/${entry}.d.ts`);
    const esmCopies = ['index', 'middleware', 'tools'].map((file) => `dist/esm-types/langchain/${file}.d.ts`);
    expect(declarations.filter((file) => file.startsWith('dist/esm-types/'))).toEqual(esmCopies);
    expect(declarations.filter((file) => !file.startsWith('dist/types/') && !file.startsWith('dist/esm-types/') && !entryStubs.includes(file))).toEqual([]);
    expect(files.filter((file) => /\.d\.[cm]?ts\.map$/.test(file))).toEqual([]);
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps).toEqual(jasmine.arrayContaining(['dist/index.js.map', 'dist/node.js.map', 'dist/testing.js.map', 'dist/warm.js.map', 'dist/ai.js.map', 'dist/otel.js.map']));
    const linked = files.filter((file) => /\.c?js$/.test(file)).flatMap((file) => {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(pkgDir, file), 'utf8'))?.[1];
      return url === undefined ? [] : [relative(pkgDir, resolve(pkgDir, dirname(file), url))];
    });
    expect(linked.filter((map) => !maps.includes(map))).toEqual([]);
    const missing: string[] = [];
    const ours: string[] = [];
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(pkgDir, file), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
      map.sources.forEach((source, index) => {
        if (typeof map.sourcesContent?.[index] !== 'string') missing.push(`${file}: ${source}`);
        ours.push(relative(pkgDir, resolve(pkgDir, dirname(file), source)));
      });
    }
    expect(missing).toEqual([]);
    // The maps lead to rxmcp's TypeScript sources (by their path in the repository), not only to bundled dependencies.
    expect(ours).toContain('src/client/client.ts');
  });

  it('ships the page of rxmcp ui in dist/ui, bundled whole (no import of anything else), with ws as a runtime dependency', () => {
    const pkgDir = join(installed(), 'node_modules/rxmcp');
    const ui = listFiles(join(pkgDir, 'dist/ui')).sort();
    expect(ui).toEqual(['callback.html', 'callback.js', 'dashboard.js', 'index.html', 'sandbox.html', 'sandbox.js', 'style.css']);
    for (const file of ui.filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(join(pkgDir, 'dist/ui', file), 'utf8')).withContext(file).not.toMatch(/(?:^|[;}\n])\s*import\s*(?:[\w{}*,\s]+from\s*)?["']|\bimport\(\s*["']/);
    }
    expect(PKG.dependencies?.['ws']).toBeDefined();
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
