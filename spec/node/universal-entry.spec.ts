import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { measureBundles } from '../../scripts/bundle-size.mjs';

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

/** Every built file `entry` reaches through relative imports (static, dynamic or require), itself included. */
function reachableFiles(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.[^"']+)["']/g;
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) pending.push(join(dirname(file), match[1] as string));
  }
  return [...seen];
}

/** The bare specifiers that importing `entry` (ESM) loads: static imports, followed through relative ones. */
function staticImports(entry: string): Set<string> {
  const bare = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  const pattern = /^import\s*(?:[^;]*?\bfrom\s*)?"([^"]+)";/gm;
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
  it('loads only rxjs and eventsource-parser at import: zod is inlined, eventsource and cross-fetch load on first use', () => {
    expect([...staticImports(join(root, 'dist/index.js'))].sort()).toEqual(['eventsource-parser', 'rxjs']);
    expect([...bareImports(join(root, 'dist/index.js'))].sort()).toEqual(['eventsource', 'eventsource-parser', 'rxjs']);
  });

  const universalEntries = ['index', 'agent', 'protocol', 'session', 'oauth', 'testing', 'warm', 'events', 'ai', 'otel'].flatMap((name) => [`dist/${name}.js`, `dist/${name}.cjs`]);
  for (const entry of universalEntries) {
    it(`${entry} imports nothing from Node built-ins or child_process, directly or indirectly`, () => {
      const file = join(root, entry);
      expect(existsSync(file)).withContext(`${entry} is missing: run npm run build`).toBeTrue();
      // The scan finds imports where there are some: the first spec above sees three packages behind dist/index.js.
      const imports = [...bareImports(file)];
      expect(imports.filter((name) => FORBIDDEN.test(name))).toEqual([]);
    });
  }

  for (const [entry, universal] of [['dist/oauth-node.js', 'dist/oauth.js'], ['dist/oauth-node.cjs', 'dist/oauth.cjs']] as const) {
    it(`${entry}, the Node build of rxmcp/oauth, reaches node:http and node:dns, which ${universal} never does`, () => {
      expect(existsSync(join(root, entry))).withContext(`${entry} is missing: run npm run build`).toBeTrue();
      expect([...bareImports(join(root, entry))]).toEqual(jasmine.arrayContaining(['node:http', 'node:dns/promises']));
      expect([...bareImports(join(root, universal))].filter((name) => FORBIDDEN.test(name))).toEqual([]);
    });
  }

  for (const [entry, universal] of [['dist/index-node.js', 'dist/index.js'], ['dist/index-node.cjs', 'dist/index.cjs']] as const) {
    it(`${entry}, the Node build of rxmcp, reaches undici (loaded on the first request), which ${universal} never does`, () => {
      expect(existsSync(join(root, entry))).withContext(`${entry} is missing: run npm run build`).toBeTrue();
      expect([...bareImports(join(root, entry))]).toEqual(jasmine.arrayContaining(['node:http']));
      const namesUndici = (file: string) => reachableFiles(join(root, file)).some((path) => readFileSync(path, 'utf8').includes('undici/lib/api/index.js'));
      expect(namesUndici(entry)).withContext(`${entry} names undici's request API`).toBeTrue();
      expect(namesUndici(universal)).withContext(`${universal} names undici's request API`).toBeFalse();
      expect([...bareImports(join(root, universal))].filter((name) => FORBIDDEN.test(name) || name === 'undici')).toEqual([]);
    });
  }

  it('a browser bundle of rxmcp takes the universal build, a Node bundle the Node build (export conditions)', async () => {
    const inputsFor = async (platform: 'browser' | 'node'): Promise<string[]> => {
      const result = await build({
        stdin: { contents: "export { streamableHttp } from 'rxmcp';", resolveDir: root, loader: 'js' },
        bundle: true, write: false, metafile: true, platform, format: 'esm', logLevel: 'silent', external: ['rxjs', 'node:*', 'eventsource-parser'],
      });
      return Object.keys(result.metafile.inputs).filter((input) => /^dist\/index/.test(input));
    };
    expect(await inputsFor('browser')).toEqual(['dist/index.js']);
    expect(await inputsFor('node')).toEqual(['dist/index-node.js']);
  });

  it('a browser bundle of rxmcp/oauth takes the universal build, a Node bundle the Node build (export conditions)', async () => {
    const inputsFor = async (platform: 'browser' | 'node'): Promise<string[]> => {
      const result = await build({
        stdin: { contents: "export { oauth } from 'rxmcp/oauth';", resolveDir: root, loader: 'js' },
        bundle: true, write: false, metafile: true, platform, format: 'esm', logLevel: 'silent', external: ['rxjs', 'node:*'],
      });
      return Object.keys(result.metafile.inputs).filter((input) => /^dist\/oauth/.test(input));
    };
    expect(await inputsFor('browser')).toEqual(['dist/oauth.js']);
    expect(await inputsFor('node')).toEqual(['dist/oauth-node.js']);
  });

  for (const [entry, ai] of [['dist/index.js', 'dist/ai.js'], ['dist/index.cjs', 'dist/ai.cjs']] as const) {
    it(`${entry} never reaches the optional peer ai (only rxmcp/ai does)`, () => {
      expect([...bareImports(join(root, entry))].filter((name) => name === 'ai' || name.startsWith('ai/') || name.startsWith('@ai-sdk/'))).toEqual([]);
      expect([...bareImports(join(root, ai))]).toContain('ai');
    });
  }

  for (const [entry, otel] of [['dist/index.js', 'dist/otel.js'], ['dist/index.cjs', 'dist/otel.cjs']] as const) {
    it(`${entry} never reaches the optional peer @opentelemetry/api (only rxmcp/otel does)`, () => {
      expect([...bareImports(join(root, entry))].filter((name) => name.startsWith('@opentelemetry/'))).toEqual([]);
      expect([...bareImports(join(root, otel))]).toContain('@opentelemetry/api');
    });
  }

  it('the check itself catches a Node import', () => {
    expect(FORBIDDEN.test('node:child_process')).toBeTrue();
    expect(FORBIDDEN.test('child_process')).toBeTrue();
    expect(FORBIDDEN.test('rxjs')).toBeFalse();
  });
});

describe('a browser bundle of the universal entry', () => {
  it('builds for the browser and stays small: createClient + streamableHttp under 68 KB gzipped, one zod locale, no warm start, no tool pinning, no skill verification, no event subscriptions', async () => {
    expect(existsSync(join(root, 'dist/index.js'))).withContext('dist/index.js is missing: run npm run build').toBeTrue();
    const { core } = await measureBundles(['core']);
    // The output-schema validator (@cfworker/json-schema and its glue, about 7.7 KB) is part of every client; the
    // chain of links, listen-stream health and the reconnect keeper's failure rules brought 62.7 KB to 65.1 KB. The
    // warm start is opt-in by value (rxmcp/warm): the core holds its hooks only, so it adds none of its code here.
    // The Skills extension's registration, its three verbs and skills$, and connecting by a Server Card's revision
    // brought 65.9 KB (67,451 B) to 66.3 KB (67,883 B); reading and verifying skill files (frontmatter reader,
    // SHA-256 checks) and discovering cards are outside the core (rxmcp/agent, rxmcp/protocol). The per-call path's
    // frozen request options and connection hold, and the HTTP engine's error codes, measured 66.5 KB (68,145 B)
    // with the skills. The Events extension's registration and received shapes, its four verbs and eventTypes$ add
    // 753 B gzipped (src/index.ts bundled before and after: 69,222 B to 69,975 B); this bundle measured 67.3 KB
    // (68,906 B) with them. Subscriptions (rxmcp/events) are outside the core. The cheaper per-call path (one
    // observer per result call, the request registry's slot for the oldest request, the deadline queue's kept lists)
    // adds 506 B: 67.8 KB (69,432 B). Building the live state's views and the task verbs on first use (shared
    // accessors, a table of view builders) and one deadline timer for sequential requests add 538 B: 68.3 KB
    // (69,970 B), for 110 KB less allocated per client. What a 35 KB core would take is in docs/performance.md.
    expect(core.gzip).toBeLessThan(69 * 1024);
    const locales = core.sources.filter((file) => file.includes('zod/v4/locales/'));
    expect(locales.map((file) => file.split('/').pop())).toEqual(['en.js']);
    expect(core.sources.filter((file) => file.includes('src/testing/'))).withContext('rxmcp/testing is not part of the main bundle').toEqual([]);
    expect(core.sources.filter((file) => file.includes('src/client/warm/'))).withContext('rxmcp/warm is not part of the main bundle').toEqual([]);
    // Tool pinning is opt-in by value too (`pinning: toolPinning()` from rxmcp/agent carries its gate and listing hook).
    expect(core.sources.filter((file) => file.includes('src/client/pinning/'))).withContext('tool pinning is not part of the main bundle').toEqual([]);
    expect(core.sources.filter((file) => /(ext-skills\/(verify|frontmatter)|agent\/skills)\.ts$/.test(file))).withContext('skill file verification is not part of the main bundle').toEqual([]);
    expect(core.sources.filter((file) => file.includes('src/events/'))).withContext('event subscriptions are not part of the main bundle').toEqual([]);
  });

  it('leaves undici and the Node build (src/node/) out of createClient + streamableHttp and of every export', async () => {
    const { core, full } = await measureBundles(['core', 'full']);
    for (const [name, bundle] of [['core', core], ['full', full]] as const) {
      expect(bundle.sources.some((file) => file.includes('src/transport/streamable-http.ts'))).withContext(`${name}: sources are named`).toBeTrue();
      expect(bundle.sources.filter((file) => /undici|src\/node\//.test(file))).withContext(`${name}: undici and src/node/`).toEqual([]);
    }
  });

  it('leaves OAuth and its URL guard out of createClient + streamableHttp, and has the guard in the bundle with oauth', async () => {
    const { core, oauth } = await measureBundles(['core', 'oauth']);
    expect(core.sources.filter((file) => file.includes('src/auth/'))).toEqual([]);
    expect(oauth.sources.filter((file) => /src\/auth\/(url-guard|guarded-fetch|ip-ranges)\.ts$/.test(file)).length).toBe(3);
  });

  it('leaves out the cross-fetch ponyfill (every supported browser has fetch), in the core bundle and with every export', async () => {
    const { core, full } = await measureBundles(['core', 'full']);
    expect(core.sources.filter((file) => file.includes('cross-fetch'))).toEqual([]);
    expect(full.sources.filter((file) => file.includes('cross-fetch'))).toEqual([]);
    expect(core.sources.some((file) => file.includes('src/transport/internal/fetch.ts'))).toBeTrue();
  });
});
