import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FORBIDDEN = /^(node:|child_process$|fs$|net$|os$|path$|stream$|http$|https$|cross-spawn$)/;

/** Follows every static and dynamic import (ESM) or require (CJS) from a built entry; returns the bare specifiers. */
function bareImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const pending = [entry];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
      else bare.add(specifier);
    }
  }
  return bare;
}

describe('the built universal entry', () => {
  for (const entry of ['dist/esm/index.js', 'dist/cjs/index.js', 'dist/esm/testing/index.js', 'dist/cjs/testing/index.js', 'dist/esm/ai/index.js', 'dist/cjs/ai/index.js']) {
    it(`${entry} imports nothing from Node built-ins or child_process, directly or indirectly`, () => {
      const file = join(root, entry);
      expect(existsSync(file)).withContext(`${entry} is missing: run npm run build`).toBeTrue();
      const imports = [...bareImports(file)];
      expect(imports.length).toBeGreaterThan(0);
      expect(imports.filter((name) => FORBIDDEN.test(name))).toEqual([]);
    });
  }

  for (const entry of ['dist/esm/index.js', 'dist/cjs/index.js']) {
    it(`${entry} never reaches the optional peer ai (only rxmcp/ai does)`, () => {
      expect([...bareImports(join(root, entry))].filter((name) => name === 'ai' || name.startsWith('ai/') || name.startsWith('@ai-sdk/'))).toEqual([]);
      expect([...bareImports(join(root, entry.replace('index.js', 'ai/index.js')))]).toContain('ai');
    });
  }

  it('the check itself catches a Node import', () => {
    expect(FORBIDDEN.test('node:child_process')).toBeTrue();
    expect(FORBIDDEN.test('child_process')).toBeTrue();
    expect(FORBIDDEN.test('rxjs')).toBeFalse();
  });
});

describe('a browser bundle of the universal entry', () => {
  it('builds for the browser and stays small: createClient + streamableHttp under 64 KB gzipped, one zod locale', async () => {
    const { build } = await import('esbuild');
    const { gzipSync } = await import('node:zlib');
    const entry = join(root, 'dist/esm/index.js');
    expect(existsSync(entry)).withContext('dist/esm/index.js is missing: run npm run build').toBeTrue();
    const result = await build({
      stdin: { contents: `import { createClient, streamableHttp } from ${JSON.stringify(entry)}; globalThis.keep = [createClient, streamableHttp];`, resolveDir: root },
      bundle: true, minify: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped).toBeLessThan(64 * 1024);
    const output = Object.values(result.metafile.outputs)[0];
    const used = Object.entries(output?.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file);
    const locales = used.filter((file) => file.includes('zod/v4/locales/'));
    expect(locales.map((file) => file.split('/').pop())).toEqual(['en.js']);
    expect(Object.keys(output?.inputs ?? {}).filter((file) => file.includes('/testing/'))).withContext('rxmcp/testing is not part of the main bundle').toEqual([]);
  });
});
