#!/usr/bin/env node
// Browser bundle sizes of the built package, as a user's bundler makes them: esbuild, minified, browser platform,
// every dependency included (rxjs, zod, ...), gzipped (level 9). `import ... from 'rxmcp'` resolves through the
// package's own `exports`, so dist/ must be built.
//
//   node scripts/bundle-size.mjs             the table
//   node scripts/bundle-size.mjs --analyze   and where the bytes of the core bundle go, per source module (from
//                                            src/ through esbuild's metafile)
//   node scripts/bundle-size.mjs --areas     the core bundle by area (rxmcp's folders, each dependency): minified
//                                            bytes from the metafile, their share of the gzipped size, and for a
//                                            dependency the gzipped bytes the bundle loses without it (measured)
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeMetafile, build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The goal of the core bundle: at most this many bytes gzipped (35 KB). */
export const CORE_BUNDLE_GOAL = 35 * 1024;

/** What each measured bundle imports. `core` is the guarded one (CORE_BUNDLE_GOAL). */
export const BUNDLES = {
  core: { what: 'createClient + streamableHttp', code: "import { createClient, streamableHttp } from 'rxmcp'; globalThis.keep = [createClient, streamableHttp];" },
  oauth: { what: 'core + oauth (the OAuth add-on)', code: "import { createClient, streamableHttp } from 'rxmcp'; import { oauth } from 'rxmcp/oauth'; globalThis.keep = [createClient, oauth, streamableHttp];" },
  apps: {
    what: 'core + renderApp (rxmcp/apps, the MCP Apps host)',
    code: "import { createClient, streamableHttp } from 'rxmcp'; import { renderApp } from 'rxmcp/apps'; globalThis.keep = [createClient, renderApp, streamableHttp];",
  },
  'apps-sandbox': { what: 'runSandboxProxy (rxmcp/apps, the sandbox page)', code: "import { runSandboxProxy } from 'rxmcp/apps'; globalThis.keep = [runSandboxProxy];" },
  full: { what: "every export of 'rxmcp'", code: "import * as rxmcp from 'rxmcp'; globalThis.keep = rxmcp;" },
  official: {
    what: '@modelcontextprotocol/client: Client + StreamableHTTPClientTransport',
    code: "import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'; globalThis.keep = [Client, StreamableHTTPClientTransport];",
  },
};

async function bundle(code, options = {}) {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, sourcefile: 'bundle-entry.js' },
    bundle: true, minify: true, platform: 'browser', format: 'esm', target: 'es2022', write: false, logLevel: 'silent',
    sourcemap: 'external', metafile: true, outfile: join(ROOT, '.bundle-size/out.js'), ...options,
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map')).text);
  return { bytes: js.contents.length, gzip: gzipSync(js.contents, { level: 9 }).length, sources: map.sources, metafile: result.metafile };
}

/** Sizes of every bundle in BUNDLES: `{ name: { bytes, gzip, sources } }` (sources: the modules in the bundle). */
export async function measureBundles(names = Object.keys(BUNDLES)) {
  const sizes = {};
  for (const name of names) {
    const { bytes, gzip, sources } = await bundle(BUNDLES[name].code);
    sizes[name] = { bytes, gzip, sources };
  }
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table, as lines. */
export function formatSizes(sizes, goals = {}) {
  return Object.entries(sizes).map(([name, { bytes, gzip }]) => {
    const goal = goals[name] === undefined ? '' : `   goal <= ${kb(goals[name])}${gzip <= goals[name] ? ' (met)' : ' (NOT met)'}`;
    return `${name.padEnd(9)} ${kb(gzip).padStart(9)} gzipped ${kb(bytes).padStart(9)} minified   ${BUNDLES[name].what}${goal}`;
  });
}

/** Where the bytes of the core bundle go: the same imports from src/, so that every module is its own input. */
async function analyze() {
  const { metafile } = await bundle(BUNDLES.core.code.replace("from 'rxmcp'", `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`));
  return analyzeMetafile(metafile, { verbose: false });
}

/** The area of a module of the bundle: `src/<folder>` for rxmcp's own, the package name for a dependency. */
export function areaOf(path) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (dependency) return dependency[1];
  const own = /(?:^|\/)src\/([^/]+)\//.exec(path);
  return own ? `src/${own[1]}` : path;
}

/**
 * The core bundle by area: `{ bytes, gzip, rows: [{ area, bytes, share, gzipSaved }] }`, largest first. `bytes` are the
 * area's minified bytes in the bundle, `share` the gzipped bundle's size in proportion to them; `gzipSaved` (for a
 * dependency) is what the gzipped bundle loses when every module of it is replaced by an empty one.
 */
export async function measureAreas() {
  const entry = BUNDLES.core.code.replace("from 'rxmcp'", `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`);
  const whole = await bundle(entry);
  const output = Object.entries(whole.metafile.outputs).find(([name]) => name.endsWith('.js'))[1];
  const byArea = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) byArea.set(areaOf(path), (byArea.get(areaOf(path)) ?? 0) + bytesInOutput);
  const rows = [];
  for (const [area, bytes] of byArea) {
    if (area.startsWith('bundle-entry') || area === 'src/index.ts') continue;
    // Every module of the area becomes an empty CommonJS one, whose names all import as undefined.
    const empty = {
      name: 'leave-out',
      setup(build) {
        build.onLoad({ filter: /.*/ }, (args) => (areaOf(args.path) === area && args.path !== join(ROOT, 'src/index.ts') ? { contents: 'module.exports = {};', loader: 'js' } : undefined));
      },
    };
    // Only a dependency can be left out alone: leaving out a folder of rxmcp's leaves out what only it reaches.
    const dependency = !area.startsWith('src/');
    const without = dependency ? await bundle(entry, { plugins: [empty], logLevel: 'silent' }).catch((error) => ({ error })) : undefined;
    rows.push({ area, bytes, share: Math.round((bytes / whole.bytes) * whole.gzip), gzipSaved: without?.gzip === undefined ? undefined : whole.gzip - without.gzip, error: without?.error?.errors?.[0]?.text });
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  return { bytes: whole.bytes, gzip: whole.gzip, rows };
}

/** The areas table, as lines. */
export function formatAreas({ bytes, gzip, rows }) {
  const lines = [
    `core bundle by area: ${kb(bytes)} minified, ${kb(gzip)} gzipped (share: the gzipped size in proportion to the minified bytes;`,
    'left out: what the gzipped bundle loses without the dependency, measured)',
    `${'area'.padEnd(28)}${'minified'.padStart(10)}${'share'.padStart(10)}${'left out'.padStart(10)}`,
  ];
  for (const row of rows) lines.push(`${row.area.padEnd(28)}${kb(row.bytes).padStart(10)}${kb(row.share).padStart(10)}${(row.gzipSaved === undefined ? '-' : kb(row.gzipSaved)).padStart(10)}${row.error ? `  (${row.error})` : ''}`);
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('browser bundles (esbuild, minified, browser platform, dependencies included, gzip -9):');
  for (const line of formatSizes(await measureBundles(), { core: CORE_BUNDLE_GOAL })) console.log(`  ${line}`);
  if (process.argv.includes('--analyze')) console.log(await analyze());
  if (process.argv.includes('--areas')) for (const line of formatAreas(await measureAreas())) console.log(`  ${line}`);
}
