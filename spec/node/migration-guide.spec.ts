// docs/migrating-from-the-official-sdk.md shows only code that compiles: every TypeScript block of the guide is the
// `// #region guide` part of one file of spec/docs/migration/ (type-checked with the specs), and every such part is
// in the guide.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const samplesDir = join(root, 'spec/docs/migration');
const guidePath = join(root, 'docs/migrating-from-the-official-sdk.md');


/** The TypeScript blocks of a Markdown text, also those inside a block quote (their `> ` taken off). */
function tsBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const pattern = /^([ \t>]*)```ts\n([\s\S]*?)\n\1```$/gm;
  for (let match = pattern.exec(markdown); match !== null; match = pattern.exec(markdown)) {
    const prefix = match[1] ?? '';
    const body = match[2] ?? '';
    blocks.push(body.split('\n').map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line.replace(/^[ \t>]*$/, ''))).join('\n'));
  }
  return blocks;
}

describe('the migration guide', () => {
  const guide = readFileSync(guidePath, 'utf8');
  const samples = readdirSync(samplesDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => [name, region(readFileSync(join(samplesDir, name), 'utf8'), 'guide')] as const);
  const blocks = tsBlocks(guide);

  it('has a checked sample in every file of spec/docs/migration', () => {
    expect(samples.filter(([, code]) => code === undefined).map(([name]) => name)).toEqual([]);
    expect(samples.length).toBeGreaterThan(10);
  });

  for (const [name, code] of samples) {
    it(`shows spec/docs/migration/${name} exactly as it compiles`, () => {
      expect(blocks).withContext(`the guide lacks the code of ${name}:\n${code}`).toContain(code as string);
    });
  }

  it('has no TypeScript block that is not one of the checked samples', () => {
    const known = new Set(samples.map(([, code]) => code));
    expect(blocks.filter((block) => !known.has(block))).toEqual([]);
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/migrating-from-the-official-sdk.md)');
  });
});
