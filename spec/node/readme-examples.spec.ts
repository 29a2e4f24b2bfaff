import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const examples = join(root, 'spec/examples');

/** The `// #region readme` ... `// #endregion` part of a spec, without its own indentation. */
function region(text: string): string | undefined {
  const match = /^([ \t]*)\/\/ #region readme\n([\s\S]*?)\n[ \t]*\/\/ #endregion/m.exec(text);
  if (!match) return undefined;
  const indent = match[1] ?? '';
  return (match[2] ?? '').split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n');
}

describe('the README examples', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const files = readdirSync(examples).filter((name) => name.endsWith('.spec.ts'));
  const withRegion = files.map((name) => [name, region(readFileSync(join(examples, name), 'utf8'))] as const).filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

  it('are each in a spec of spec/examples', () => {
    expect(withRegion.map(([name]) => name).sort()).toEqual([
      'readme-testing.spec.ts', 'recipe-agent-step.spec.ts', 'recipe-cancellation.spec.ts', 'recipe-elicitation.spec.ts', 'recipe-reconnect.spec.ts',
      'recipe-tasks.spec.ts', 'recipe-tool-menu.spec.ts',
    ]);
  });

  for (const [name, code] of withRegion) {
    it(`show ${name} exactly as it runs`, () => {
      expect(readme.includes(code)).withContext(`README.md lacks the code of spec/examples/${name}:\n${code}`).toBeTrue();
    });
  }
});
