#!/usr/bin/env node
// `npm run build`: the published dist/.
//
//   dist/<entry>.js                          ESM entry files, bundled by esbuild, one per package export: index (rxmcp),
//                                           agent, protocol, session, oauth, node, testing, warm, ai, otel,
//                                           openai-agents, langchain, apps
//                                           (rxmcp/<entry>); code
//                                           shared between entries lives in dist/chunks/ (one copy of every module, so
//                                           `instanceof` holds across entries)
//   dist/oauth-node.js                       the Node build of rxmcp/oauth (export condition `node`): `oauth()`
//                                           resolves and pins host names by default (nodeUrlGuard)
//   dist/index-node.js                       the Node build of rxmcp (export condition `node`): the Streamable HTTP
//                                           transports default to undici's request API (`undiciFetch`)
//   dist/<entry>.cjs                        CommonJS, made from exactly those files (same chunks, .cjs)
//   dist/cli.js                             the `rxmcp` command (ESM, executable)
//   dist/types/                             the type declarations, once, from tsc (CommonJS-format declarations,
//                                           marked by dist/types/package.json); dist/<entry>.d.ts re-exports them
//                                           for `import`; dist/esm-types/<entry>/ holds ESM-scope copies for
//                                           entries that name types of a peer with separate ESM and CommonJS
//                                           declarations (see ESM_DECLARATIONS)
//   dist/ui/                                the page of `rxmcp ui` (examples/dashboard): its HTML and stylesheet, and
//                                           dashboard.js, sandbox.js, callback.js bundled for the browser (minified,
//                                           rxmcp from the dist/ just built, no source maps: the tarball stays small)
//   *.js.map                                source maps of the ESM files, carrying every original source in
//                                           `sourcesContent` (rxmcp's TypeScript and the bundled zod), so src/
//                                           need not ship. The CommonJS twins have none: the same sources again
//                                           would add about 420 KB to the packed tarball (measured: 1.48 MB with
//                                           maps for both formats, 1.06 MB with ESM maps only, 0.58 MB without maps)
//
// Before bundling, src/client/version.ts is written from package.json's `version` (when it differs), so the
// default clientInfo reports the package's version without importing package.json at run time.
//
// Bundled: rxmcp's own modules and zod (tree-shaken; a fresh Node process then loads a few files instead of about
// a hundred). Left as imports: the rxjs peer, the optional peers ai, @opentelemetry/api, @openai/agents and @langchain/core, eventsource, eventsource-parser, cross-fetch, ws (the command line's WebSocket server), Node built-ins.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const ENTRIES = {
  index: 'src/index.ts', agent: 'src/agent/index.ts', protocol: 'src/protocol/index.ts', session: 'src/session/index.ts', oauth: 'src/auth/index.ts',
  node: 'src/node/index.ts', testing: 'src/testing/index.ts', warm: 'src/warm/index.ts', events: 'src/events/index.ts', ai: 'src/ai/index.ts', otel: 'src/otel/index.ts',
  'openai-agents': 'src/openai-agents/index.ts', langchain: 'src/langchain/index.ts', apps: 'src/apps/index.ts',
};
/**
 * Node builds of universal entries, chosen by the `node` export condition; their types are the universal entry's
 * (no declaration stub of their own). oauth-node: `oauth()` defaults `urlGuard` to `nodeUrlGuard()`. index-node: `streamableHttp`
 * and `httpTransport` default `fetch` to `undiciFetch()` (undici, loaded on the first request).
 */
const NODE_ENTRIES = { 'oauth-node': 'src/auth/node/oauth-entry.ts', 'index-node': 'src/node/main-entry.ts' };
/** The command-line inspector: ESM only, executable, never imported by an entry. */
const BIN = { cli: 'src/cli/main.ts' };
const EXTERNAL = ['ws', 'rxjs', 'rxjs/*', 'smol-toml', 'undici', 'eventsource', 'eventsource-parser', 'eventsource-parser/*', 'cross-fetch', 'ai', '@opentelemetry/api', '@openai/agents', '@langchain/core', '@langchain/core/*', 'node:*'];
const COMMON = { target: 'es2022', sourcemap: 'linked', sourcesContent: true, legalComments: 'none', logLevel: 'warning' };

/** ESM: one bundle per entry, shared modules split into chunks. */
async function buildEsm() {
  await build({
    ...COMMON,
    absWorkingDir: ROOT,
    entryPoints: { ...ENTRIES, ...NODE_ENTRIES, ...BIN },
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
  const files = [...Object.keys({ ...ENTRIES, ...NODE_ENTRIES }).map((name) => `${name}.js`), ...readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => `chunks/${f}`)];
  await build({
    ...COMMON,
    absWorkingDir: DIST,
    entryPoints: files,
    outdir: DIST,
    outbase: DIST,
    outExtension: { '.js': '.cjs' },
    sourcemap: false,
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
    const types = ESM_DECLARATIONS.includes(name) ? esmDeclarations(name) : `./types/${source.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;
    writeFileSync(join(DIST, `${name}.d.ts`), `export * from '${types}';\n`);
  }
}

/**
 * Entries whose declarations name types of a peer that ships separate ESM and CommonJS declarations
 * (`@langchain/core`: a class of its `.d.ts` and the same class of its `.d.cts` are two unrelated types). Read from
 * dist/types (CommonJS scope), they would give an ESM consumer the CommonJS flavour, which its `langchain` does not
 * accept; so the `import` condition gets a copy of the entry's folder in ESM scope (dist/esm-types/<entry>/), whose
 * imports of rxmcp's own declarations lead back to dist/types.
 */
const ESM_DECLARATIONS = ['langchain'];

function esmDeclarations(name) {
  const from = join(DIST, 'types', name);
  const to = join(DIST, 'esm-types', name);
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((entry) => entry.endsWith('.d.ts'))) {
    const text = readFileSync(join(from, file), 'utf8').replace(/(from ')\.\.\//g, '$1../../types/');
    writeFileSync(join(to, file), text);
  }
  return `./esm-types/${name}/index.js`;
}

const VERSION_FILE = join(ROOT, 'src/client/version.ts');

/** src/client/version.ts from package.json, rewritten only when the version changed. */
function writeVersion() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const text = `// Written by scripts/build.mjs from package.json: edit the version there, then build.\n\n/** The version of this package. */\nexport const VERSION = ${JSON.stringify(version)};\n`;
  if (readFileSync(VERSION_FILE, { encoding: 'utf8', flag: 'a+' }) !== text) writeFileSync(VERSION_FILE, text);
}

const UI_DIR = join(DIST, 'ui');
const UI_ENTRIES = { dashboard: 'examples/dashboard/src/main.ts', sandbox: 'examples/dashboard/src/sandbox/proxy.ts', callback: 'examples/dashboard/src/callback.ts' };
const UI_FILES = ['index.html', 'style.css', 'sandbox.html', 'callback.html'];

/** The page of `rxmcp ui`, for the browser: rxmcp resolves through the package's own exports to the dist/ above. */
async function buildUi() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: UI_ENTRIES,
    outdir: UI_DIR,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
    // dist/'s entries import their shared chunks bare; rxmcp has no side effects, so those imports are dropped.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  for (const file of UI_FILES) copyFileSync(join(ROOT, 'examples/dashboard/public', file), join(UI_DIR, file));
}

rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST);
writeVersion();
await buildEsm();
await buildCjs();
buildTypes();
await buildUi();
for (const name of Object.keys(BIN)) chmodSync(join(DIST, `${name}.js`), 0o755);
