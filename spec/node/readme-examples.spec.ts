import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const examples = join(root, 'spec/examples');

/**
 * The specs the README says its examples run as: "(Run as `spec/examples/x.spec.ts`.)", "is run as …", "Each recipe
 * runs as a spec … (`spec/examples/recipe-*.spec.ts`", a `*` standing for any part of a name.
 */
function namedAsRun(readme: string, files: readonly string[]): { readonly pattern: string; readonly matches: readonly string[] }[] {
  const named: { pattern: string; matches: string[] }[] = [];
  for (const match of readme.matchAll(/\bruns? as\b[^`]*`spec\/examples\/([^`/]+\.spec\.ts)`/gi)) {
    const pattern = match[1] ?? '';
    const test = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    named.push({ pattern, matches: files.filter((name) => test.test(name)) });
  }
  return named;
}

describe('the README examples', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const files = readdirSync(examples).filter((name) => name.endsWith('.spec.ts'));
  const withRegion = files.map((name) => [name, region(readFileSync(join(examples, name), 'utf8'), 'readme')] as const).filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

  it('are each in a spec of spec/examples that the README names as the one it runs as', () => {
    const named = namedAsRun(readme, files);
    expect(named.length).withContext('README sentences naming the spec an example runs as').toBeGreaterThan(0);
    expect(named.filter(({ matches }) => matches.length === 0).map(({ pattern }) => pattern)).withContext('named specs that do not exist').toEqual([]);
    const expected = [...new Set(named.flatMap(({ matches }) => matches))].sort();
    expect(withRegion.map(([name]) => name).sort()).toEqual(expected);
  });

  for (const [name, code] of withRegion) {
    it(`show ${name} exactly as it runs`, () => {
      expect(readme.includes(code)).withContext(`README.md lacks the code of spec/examples/${name}:\n${code}`).toBeTrue();
    });
  }
});
