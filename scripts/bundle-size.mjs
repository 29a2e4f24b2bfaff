#!/usr/bin/env node
// Browser bundle sizes of the built package, as a user's bundler makes them: esbuild, minified, browser platform,
// every dependency included (rxjs, zod, ...), gzipped (level 9). `import ... from 'rxmcp'` resolves through the
// package's own `exports`, so dist/ must be built.
//
//   node scripts/bundle-size.mjs             the table
//   node scripts/bundle-size.mjs --analyze   and where the bytes of the core bundle go, per source module (from
//                                            src/ through esbuild's metafile)
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('browser bundles (esbuild, minified, browser platform, dependencies included, gzip -9):');
  for (const line of formatSizes(await measureBundles(), { core: CORE_BUNDLE_GOAL })) console.log(`  ${line}`);
  if (process.argv.includes('--analyze')) console.log(await analyze());
}
