// The testing kit's promise, measured: a component test written with it is at most a third of the same test with
// every frame scripted by hand (spec/examples/tool-menu-by-hand.spec.ts), in lines of code and in tokens.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '../examples');

/** Lines on which a token starts (so not blank, not only a comment), and the tokens (comments are none). */
function codeSize(text: string): { readonly lines: number; readonly tokens: number } {
  const source = ts.createSourceFile('spec.ts', text, ts.ScriptTarget.Latest, true);
  const lines = new Set<number>();
  let tokens = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return; // a doc comment is part of the tree, but no code
    const children = node.getChildren(source);
    if (children.length > 0) return children.forEach(visit);
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    tokens += 1;
    lines.add(source.getLineAndCharacterOfPosition(node.getStart(source)).line);
  };
  visit(source);
  return { lines: lines.size, tokens };
}

const sizeOf = (name: string) => codeSize(readFileSync(join(examples, name), 'utf8'));

describe('the tool-menu recipe against its hand-scripted version', () => {
  it('counts lines of code and tokens, leaving comments and blank lines out', () => {
    expect(codeSize('// a comment\nconst a = 1; // two\n\n/** doc\n * more */\nf(`x ${a} y`);\nconst b = 2\n  * 3;\n')).toEqual({ lines: 4, tokens: 19 });
  });

  it('is at most a third of it, in lines of code and in tokens', () => {
    const recipe = sizeOf('recipe-tool-menu.spec.ts');
    const byHand = sizeOf('tool-menu-by-hand.spec.ts');
    expect(recipe.lines * 3).withContext(`lines: ${recipe.lines} against ${byHand.lines}`).toBeLessThanOrEqual(byHand.lines);
    expect(recipe.tokens * 3).withContext(`tokens: ${recipe.tokens} against ${byHand.tokens}`).toBeLessThanOrEqual(byHand.tokens);
  });
});
