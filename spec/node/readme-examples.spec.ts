import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const examples = join(root, 'spec/examples');
/** The README and the guides of docs/ (the migration guide's samples are checked by migration-guide.spec.ts). */
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/**
 * The specs a document says its examples run as: "(Run as `spec/examples/x.spec.ts`.)", "is run as …", "Each recipe
 * runs as a spec … (`spec/examples/recipe-*.spec.ts`", a `*` standing for any part of a name.
 */
function namedAsRun(text: string, files: readonly string[]): { readonly pattern: string; readonly matches: readonly string[] }[] {
  const named: { pattern: string; matches: string[] }[] = [];
  for (const match of text.matchAll(/\bruns? as\b[^`]*`spec\/examples\/([^`/]+\.spec\.ts)`/gi)) {
    const pattern = match[1] ?? '';
    const test = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    named.push({ pattern, matches: files.filter((name) => test.test(name)) });
  }
  return named;
}

describe('the examples of the README and docs/', () => {
  const texts = new Map(documents.map((name) => [name, readFileSync(join(root, name), 'utf8')] as const));
  const files = readdirSync(examples).filter((name) => name.endsWith('.spec.ts'));
  const withRegion = files.map((name) => [name, region(readFileSync(join(examples, name), 'utf8'), 'readme')] as const).filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  const namedBy = new Map<string, string[]>();
  const missing: string[] = [];
  for (const [document, text] of texts) {
    for (const { pattern, matches } of namedAsRun(text, files)) {
      if (matches.length === 0) missing.push(`${document}: ${pattern}`);
      for (const name of matches) namedBy.set(name, [...(namedBy.get(name) ?? []), document]);
    }
  }

  it('are each in a spec of spec/examples that a document names as the one it runs as', () => {
    expect(namedBy.size).withContext('sentences naming the spec an example runs as').toBeGreaterThan(0);
    expect(missing).withContext('named specs that do not exist').toEqual([]);
    expect(withRegion.map(([name]) => name).sort()).toEqual([...namedBy.keys()].sort());
  });

  for (const [name, code] of withRegion) {
    it(`show ${name} exactly as it runs, in every document that names it`, () => {
      for (const document of namedBy.get(name) ?? ['README.md']) {
        expect(texts.get(document)?.includes(code)).withContext(`${document} lacks the code of spec/examples/${name}:\n${code}`).toBeTrue();
      }
    });
  }
});
