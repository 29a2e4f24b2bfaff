// The testing kit's promise, measured: a component test written with it is at most a third of the same test with
// every frame scripted by hand (spec/examples/tool-menu-by-hand.spec.ts), in lines of code and in tokens.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '../examples');

/** Lines that hold code (not blank, not only a comment), and the tokens of the file (comments are not tokens). */
function codeSize(text: string): { readonly lines: number; readonly tokens: number } {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
  const source = ts.createSourceFile('spec.ts', text, ts.ScriptTarget.Latest, true);
  let tokens = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return; // a doc comment is part of the tree, but no code
    const children = node.getChildren(source);
    if (children.length === 0) tokens += node.kind === ts.SyntaxKind.EndOfFileToken ? 0 : 1;
    else children.forEach(visit);
  };
  visit(source);
  return { lines, tokens };
}

const sizeOf = (name: string) => codeSize(readFileSync(join(examples, name), 'utf8'));

describe('the tool-menu recipe against its hand-scripted version', () => {
  it('counts lines of code and tokens, leaving comments and blank lines out', () => {
    expect(codeSize('// a comment\nconst a = 1; // two\n\n/** doc\n * more */\nf(`x ${a} y`);\n')).toEqual({ lines: 2, tokens: 12 });
  });

  it('is at most a third of it, in lines of code and in tokens', () => {
    const recipe = sizeOf('recipe-tool-menu.spec.ts');
    const byHand = sizeOf('tool-menu-by-hand.spec.ts');
    expect(recipe.lines * 3).withContext(`lines: ${recipe.lines} against ${byHand.lines}`).toBeLessThanOrEqual(byHand.lines);
    expect(recipe.tokens * 3).withContext(`tokens: ${recipe.tokens} against ${byHand.tokens}`).toBeLessThanOrEqual(byHand.tokens);
  });
});
