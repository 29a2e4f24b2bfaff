// The code blocks of the README and of docs/*.md, and a type check of all of them in one TypeScript program: each
// block is a module of its own beside spec/docs/sample-globals.ts, which declares the placeholders the samples leave
// to the reader. A block right after `<!-- sample: excerpt -->` is an excerpt (a signature shown for reading, not a
// program): it is checked for syntax only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One fenced code block of a Markdown document. */
export interface DocBlock {
  /** The document, relative to the repository root. */
  readonly document: string;
  /** The 1-based line of the opening fence. */
  readonly line: number;
  /** `ts`, `typescript`, `js` or `mjs`. */
  readonly language: string;
  /** The code, without the fences and without a block quote's `> ` margin. */
  readonly code: string;
  /** Whether `<!-- sample: excerpt -->` comes right before the block. */
  readonly excerpt: boolean;
}

/** The marker of a block that is an excerpt, not a program. */
export const EXCERPT_MARKER = /^[ \t>]*<!--\s*sample:\s*excerpt\s*-->\s*$/;
const OPENING = /^([ \t>]*)```(ts|typescript|js|mjs)\s*$/;

/** The TypeScript and JavaScript blocks of a Markdown text, also those inside a block quote. */
export function docBlocks(document: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index] ?? '');
    if (!opening) continue;
    const prefix = opening[1] ?? '';
    const closing = `${prefix}\`\`\``.trimEnd();
    let end = index + 1;
    while (end < lines.length && (lines[end] ?? '').trimEnd() !== closing) end++;
    const body = lines.slice(index + 1, end).map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line.replace(/^[ \t>]*$/, '')));
    const before = lines[index - 1] ?? '';
    blocks.push({ document, line: index + 1, language: opening[2] ?? 'ts', code: body.join('\n'), excerpt: EXCERPT_MARKER.test(before) });
    index = end;
  }
  return blocks;
}

/** What the compiler says about one block: nothing when it type-checks (or, for an excerpt, parses). */
export interface BlockReport {
  readonly block: DocBlock;
  readonly diagnostics: readonly string[];
}

/** The file name a block has in the program: beside the globals, so that `rxmcp` resolves to this package. */
function sampleFile(root: string, block: DocBlock): string {
  const name = block.document.replace(/[^A-Za-z0-9]+/g, '-');
  return join(root, 'spec/examples/recipes', `sample-${name}-${block.line}.${block.language === 'js' || block.language === 'mjs' ? 'mjs' : 'mts'}`);
}

/**
 * The code the testing guide's recipes test (`import { toolMenu } from './tool-menu.js'`) is in spec/examples/recipes/,
 * beside the samples' files; it imports rxmcp's sources (`../../../src/testing/index.js`), which for the samples are
 * the package's entries (`rxmcp/testing`), so that both sides share the types of the built package.
 */
function asPackageImport(root: string, containingFile: string, specifier: string): string {
  if (dirname(containingFile) !== join(root, 'spec/examples/recipes')) return specifier;
  const entry = /^\.\.\/\.\.\/\.\.\/src\/(?:([a-z-]+)\/)?index\.js$/.exec(specifier);
  return entry ? (entry[1] ? `rxmcp/${entry[1]}` : 'rxmcp') : specifier;
}

/** The options of the specs' type check, with JavaScript blocks checked too. */
function compilerOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.spec.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('tsconfig.spec.json cannot be read');
  return { ...parsed.options, types: ['node', 'jasmine'], noEmit: true, allowJs: true, checkJs: true };
}

/** A diagnostic as `document:line:column message`, the line being the document's. */
function describe(diagnostic: ts.Diagnostic, block: DocBlock | undefined, root: string): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return text;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  if (!block) return `${diagnostic.file.fileName.slice(root.length + 1)}:${line + 1}:${character + 1} ${text}`;
  return `${block.document}:${block.line + 1 + line}:${character + 1} TS${diagnostic.code} ${text}`;
}

/**
 * A compiler host that reads each block from memory as its own file (a module: `export {}` appended), and resolves
 * the imports of spec/examples/recipes/ as package imports (`asPackageImport`).
 */
function sampleHost(root: string, options: ts.CompilerOptions, files: ReadonlyMap<string, DocBlock>): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, fresh) => {
    const block = files.get(fileName);
    if (!block) return getSourceFile(fileName, language, onError, fresh);
    return ts.createSourceFile(fileName, `${block.code}\nexport {};\n`, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(fileName) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => {
    const block = files.get(fileName);
    return block ? `${block.code}\nexport {};\n` : readFile(fileName);
  };
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, _options, containingSource) =>
    literals.map((literal) => {
      const name = files.has(containingFile) ? literal.text : asPackageImport(root, containingFile, literal.text);
      return ts.resolveModuleName(name, containingFile, options, host, cache, redirected, ts.getModeForUsageLocation(containingSource, literal, options));
    });
  return host;
}

/**
 * Type-checks every block in one program (an excerpt for syntax only) with `globals` (a file of declarations) in scope.
 * Each block is made a module (`export {}` appended), so that no two blocks share names.
 */
export function checkBlocks(root: string, blocks: readonly DocBlock[], globals: string): { readonly reports: BlockReport[]; readonly globals: string[] } {
  const options = compilerOptions(root);
  const files = new Map(blocks.map((block) => [sampleFile(root, block), block] as const));
  const host = sampleHost(root, options, files);
  const program = ts.createProgram({ rootNames: [globals, ...files.keys()], options, host });
  const reports = [...files].map(([fileName, block]) => {
    const source = program.getSourceFile(fileName);
    if (!source) return { block, diagnostics: [`${fileName} is not in the program`] };
    const found = block.excerpt ? program.getSyntacticDiagnostics(source) : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    return { block, diagnostics: found.map((diagnostic) => describe(diagnostic, block, root)) };
  });
  const globalsSource = program.getSourceFile(globals);
  if (!globalsSource) return { reports, globals: [`${globals} is not in the program`] };
  const inGlobals = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics(globalsSource)];
  return { reports, globals: inGlobals.map((diagnostic) => describe(diagnostic, undefined, root)) };
}

/** The Markdown text of a document of the repository. */
export const readDocument = (root: string, document: string): string => readFileSync(join(root, document), 'utf8');
