// Every TypeScript and JavaScript block of the README and of docs/*.md compiles: the blocks that are the checked part
// of a spec or sample file (spec/examples/ regions, spec/docs/api-examples/, spec/docs/migration/) are compared with
// it by their own specs; all the others are type-checked here, each as a module of its own, in one program.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXCERPT_MARKER, checkBlocks, docBlocks, readDocument, type BlockReport, type DocBlock } from '../docs/doc-blocks.js';
import { region } from '../helpers/regions.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The code that other specs hold a document to: the named regions of the files of a folder. */
function regionsOf(dir: string, name: string): string[] {
  return readdirSync(join(root, dir))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => region(readFileSync(join(root, dir, file), 'utf8'), name) ?? []);
}

const checkedElsewhere = new Set([
  ...regionsOf('spec/examples', 'readme'),
  ...regionsOf('spec/docs/api-examples', 'example'),
  ...regionsOf('spec/docs/migration', 'guide'),
]);

const report = ({ block, diagnostics }: BlockReport): string =>
  `${block.document}, the ${block.language} block at line ${block.line}${block.excerpt ? ' (an excerpt: syntax only)' : ''}:\n  ${diagnostics.join('\n  ')}`;

describe('the code samples of the README and docs/*.md', () => {
  const all: DocBlock[] = documents.flatMap((document) => docBlocks(document, readDocument(root, document)));
  const blocks = all.filter((block) => !checkedElsewhere.has(block.code));

  it('finds the blocks of a Markdown text, those in a block quote and the excerpts too', () => {
    const text = '# T\n\n```ts\nconst a = 1;\n```\n\n> ```js\n> f();\n>\n> g();\n> ```\n<!-- sample: excerpt -->\n```typescript\ninterface A {}\n```\n```sh\nls\n```\n';
    expect(docBlocks('t.md', text)).toEqual([
      { document: 't.md', line: 3, language: 'ts', code: 'const a = 1;', excerpt: false },
      { document: 't.md', line: 7, language: 'js', code: 'f();\n\ng();', excerpt: false },
      { document: 't.md', line: 13, language: 'typescript', code: 'interface A {}', excerpt: true },
    ]);
  });

  it('has an excerpt marker only right before a block', () => {
    const markers = documents.flatMap((document) => readDocument(root, document).split('\n').flatMap((line, index) => (EXCERPT_MARKER.test(line) ? [`${document}:${index + 1}`] : [])));
    expect(markers).toEqual(all.filter((block) => block.excerpt).map((block) => `${block.document}:${block.line - 1}`));
  });

  it('type-checks every block not checked by another spec, each as its own module (excerpts for syntax only)', () => {
    expect(blocks.length).withContext('blocks to check').toBeGreaterThan(20);
    const { reports, globals } = checkBlocks(root, blocks, join(root, 'spec/docs/sample-globals.ts'));
    expect(globals).withContext('spec/docs/sample-globals.ts and the options').toEqual([]);
    const failing = reports.filter((entry) => entry.diagnostics.length > 0).map(report);
    expect(failing).withContext(`${failing.length} of ${reports.length} blocks do not compile`).toEqual([]);
  });
});
