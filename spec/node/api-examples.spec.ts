// The API reference shows only code that compiles: every `@example` block of src/ is the `// #region example` part of
// one file of spec/docs/api-examples/ (type-checked with the specs), and every such part is an `@example` of src/. The
// reference's landing page opens with the main entry's example.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const samplesDir = join(root, 'spec/docs/api-examples');

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The TypeScript code of every `@example` in the doc comments of `text`, without the comments' ` * ` margin. */
export function examplesOf(text: string): string[] {
  const found: string[] = [];
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const body = (comment[1] ?? '').split('\n').map((line) => line.replace(/^\s*\* ?/, '')).join('\n');
    for (const example of body.matchAll(/@example\n```ts\n([\s\S]*?)\n```/g)) found.push(example[1] ?? '');
  }
  return found;
}

describe('the examples of the API reference', () => {
  const samples = readdirSync(samplesDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => [name, region(readFileSync(join(samplesDir, name), 'utf8'), 'example')] as const);
  const examples = sources(join(root, 'src')).flatMap((file) => examplesOf(readFileSync(file, 'utf8')).map((code) => [relative(root, file), code] as const));

  it('finds the example of a doc comment, without its margin', () => {
    expect(examplesOf('/**\n * Says hi.\n *\n * @example\n * ```ts\n * hi();\n *\n * hi(2);\n * ```\n */')).toEqual(['hi();\n\nhi(2);']);
  });

  it('has a checked sample in every file of spec/docs/api-examples, and at least 20', () => {
    expect(samples.filter(([, code]) => code === undefined).map(([name]) => name)).toEqual([]);
    expect(samples.length).toBeGreaterThanOrEqual(20);
  });

  it('shows each checked sample in exactly one doc comment of src/', () => {
    for (const [name, code] of samples) {
      expect(examples.filter(([, example]) => example === code).length).withContext(`the @example of ${name}:\n${code}`).toBe(1);
    }
  });

  it('has no @example in src/ that is not one of the checked samples', () => {
    const known = new Set(samples.map(([, code]) => code));
    expect(examples.filter(([, code]) => !known.has(code)).map(([file, code]) => `${file}:\n${code}`)).toEqual([]);
  });

  it('opens the landing page of the reference with the main entry\'s example', () => {
    const quickStart = region(readFileSync(join(samplesDir, 'quick-start.ts'), 'utf8'), 'example');
    expect(readFileSync(join(root, 'docs/reference-index.md'), 'utf8')).toContain(`\`\`\`ts\n${quickStart}\n\`\`\``);
  });
});
