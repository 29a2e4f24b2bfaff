import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/** The dashboard's folder (examples/dashboard). */
export const DASHBOARD_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Where the bundles go (ignored by git). */
export const DASHBOARD_DIST = join(DASHBOARD_DIR, 'dist');

/** The size of one bundle, and how much of the page bundle each part takes. */
export interface BundleReport {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Minified bytes in the bundle by origin: `rxmcp` (with its inlined zod), `rxjs`, `eventsource`, `lit-html`, `page`. */
  readonly parts: Readonly<Record<string, number>>;
}

function partOf(input: string): string {
  if (input.includes('node_modules/rxjs/') || input.includes('node_modules/tslib/')) return 'rxjs';
  if (input.includes('node_modules/eventsource')) return 'eventsource';
  if (input.includes('node_modules/lit-html/')) return 'lit-html';
  if (input.startsWith('dist/') || input.includes('/rxmcp/dist/')) return 'rxmcp';
  if (input.startsWith('examples/dashboard/')) return 'page';
  return 'other';
}

function report(metafile: Metafile, root: string): BundleReport[] {
  return Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => {
      const parts: Record<string, number> = {};
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const part = partOf(input);
        parts[part] = (parts[part] ?? 0) + bytesInOutput;
      }
      const code = readFileSync(join(root, file));
      return { file: relative(DASHBOARD_DIST, join(root, file)), bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, parts };
    });
}

/**
 * Bundles the page (`dashboard.js`), the MCP Apps sandbox proxy (`sandbox.js`) and the OAuth popup callback
 * (`callback.js`) with esbuild: browser platform, minified, ES2022, `rxmcp` resolved through the package's own
 * exports (the built `dist/`), as in a user's project.
 */
export async function buildDashboard(outdir: string = DASHBOARD_DIST): Promise<BundleReport[]> {
  const root = join(DASHBOARD_DIR, '..', '..');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      dashboard: 'examples/dashboard/src/main.ts',
      sandbox: 'examples/dashboard/src/sandbox/proxy.ts',
      callback: 'examples/dashboard/src/callback.ts',
    },
    outdir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // The entries of dist/ import the shared chunks they depend on, also bare; rxmcp has no side effects, so a bundler
    // drops those imports. esbuild says so only for code outside node_modules: here, where rxmcp resolves to itself.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  return report(result.metafile, root);
}

/** `12.3 KB` (1 KB = 1000 bytes, as in the README's bundle table). */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
