#!/usr/bin/env node
// `npm run build`: the published dist/.
//
//   dist/<entry>.js                          ESM entry files, bundled by esbuild, one per package export: index (rxmcp),
//                                           agent, protocol, session, oauth, node, testing, ai (rxmcp/<entry>); code
//                                           shared between entries lives in dist/chunks/ (one copy of every module, so
//                                           `instanceof` holds across entries)
//   dist/<entry>.cjs                        CommonJS, made from exactly those files (same chunks, .cjs)
//   dist/cli.js                             the `rxmcp` command (ESM, executable)
//   dist/types/                             the type declarations, once, from tsc (CommonJS-format declarations,
//                                           marked by dist/types/package.json); dist/<entry>.d.ts re-exports them
//                                           for `import`
//   *.map                                   source maps: rxmcp's modules point at src/, which ships beside dist/;
//                                           bundled dependency modules (zod) carry their sources in the map
//
// Bundled: rxmcp's own modules and zod (tree-shaken; a fresh Node process then loads a few files instead of about
// a hundred). Left as imports: the rxjs peer, eventsource, eventsource-parser, cross-fetch, Node built-ins.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const ENTRIES = {
  index: 'src/index.ts', agent: 'src/agent/index.ts', protocol: 'src/protocol/index.ts', session: 'src/session/index.ts', oauth: 'src/auth/index.ts',
  node: 'src/node/index.ts', testing: 'src/testing/index.ts', ai: 'src/ai/index.ts',
};
/** The command-line inspector: ESM only, executable, never imported by an entry. */
const BIN = { cli: 'src/cli/main.ts' };
const EXTERNAL = ['rxjs', 'rxjs/*', 'eventsource', 'eventsource-parser', 'eventsource-parser/*', 'cross-fetch', 'ai', 'node:*'];
const COMMON = { target: 'es2022', sourcemap: 'linked', sourcesContent: false, legalComments: 'none', logLevel: 'warning' };

/** ESM: one bundle per entry, shared modules split into chunks. */
async function buildEsm() {
  await build({
    ...COMMON,
    absWorkingDir: ROOT,
    entryPoints: { ...ENTRIES, ...BIN },
    outdir: DIST,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: EXTERNAL,
  });
}

/** Relative imports between built files stay imports, now of the `.cjs` twin. */
const siblingsAsCjs = {
  name: 'siblings-as-cjs',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.js$/, '.cjs'), external: true }));
  },
};

/** CommonJS: every ESM output file converted on its own, so both formats share one module graph. */
async function buildCjs() {
  const files = [...Object.keys(ENTRIES).map((name) => `${name}.js`), ...readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => `chunks/${f}`)];
  await build({
    ...COMMON,
    absWorkingDir: DIST,
    entryPoints: files,
    outdir: DIST,
    outbase: DIST,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    packages: 'external',
    plugins: [siblingsAsCjs],
  });
}

/** Declarations once, in dist/types, plus the ESM-flavoured entry declarations that re-export them. */
function buildTypes() {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.types.json'], { cwd: ROOT, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`tsc exited with ${tsc.status}`);
  writeFileSync(join(DIST, 'types/package.json'), '{ "type": "commonjs" }\n');
  for (const [name, source] of Object.entries(ENTRIES)) {
    const types = `./types/${source.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;
    writeFileSync(join(DIST, `${name}.d.ts`), `export * from '${types}';\n`);
  }
}

/** Every map under dist/: sources outside src/ (bundled dependencies) get their text embedded, src/ ones stay links. */
function embedDependencySources(dir = DIST) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'types') embedDependencySources(path);
    if (!entry.isFile() || !entry.name.endsWith('.js.map') && !entry.name.endsWith('.cjs.map')) continue;
    const map = JSON.parse(readFileSync(path, 'utf8'));
    const files = map.sources.map((source) => resolve(dir, source));
    map.sourcesContent = files.map((file) => (relative(ROOT, file).startsWith('src/') ? null : readFileSync(file, 'utf8')));
    writeFileSync(path, JSON.stringify(map));
  }
}

rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST);
await buildEsm();
await buildCjs();
embedDependencySources();
buildTypes();
for (const name of Object.keys(BIN)) chmodSync(join(DIST, `${name}.js`), 0o755);
