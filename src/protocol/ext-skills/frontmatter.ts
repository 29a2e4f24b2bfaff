// The YAML frontmatter of a SKILL.md, read as JSON values to compare with a skill entry's `frontmatter`. It reads
// the block YAML skill authors write (nested mappings and sequences by indentation, plain, quoted and block
// scalars, one-line flow sequences and mappings, comments), with the YAML 1.2 core schema's scalar types. Anything
// else throws, and the caller reports the frontmatter as unreadable: nothing unverified reaches the caller.

interface Line {
  readonly indent: number;
  readonly text: string;
}

/** The frontmatter block of a `SKILL.md` (between the opening `---` line and the next `---`), or `undefined`. */
export function frontmatterBlock(markdown: string): string | undefined {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(markdown);
  return match !== null && match.index === 0 ? match[1] : undefined;
}

/**
 * The frontmatter of `markdown` as a JSON object.
 * @throws Error when there is no frontmatter, or it is not a mapping this reader understands.
 */
export function parseFrontmatter(markdown: string): Record<string, unknown> {
  const block = frontmatterBlock(markdown);
  if (block === undefined) throw new Error('the file does not begin with a --- frontmatter block');
  const lines = block.split(/\r?\n/).map((raw) => ({ indent: raw.length - raw.trimStart().length, text: raw.trim() }));
  const reader = { lines: lines.filter((line) => line.text !== '' && !line.text.startsWith('#')), raw: lines, at: 0 };
  const value = readBlock(reader, 0);
  if (reader.at < reader.lines.length) throw new Error(`unexpected line: ${reader.lines[reader.at]!.text}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('the frontmatter is not a mapping');
  return value as Record<string, unknown>;
}

interface Reader {
  readonly lines: readonly Line[];
  /** Every line, blank ones included (block scalars keep them). */
  readonly raw: readonly Line[];
  at: number;
}

function readBlock(reader: Reader, indent: number): unknown {
  const first = reader.lines[reader.at];
  if (first === undefined || first.indent < indent) return null;
  return first.text === '-' || first.text.startsWith('- ') ? readSequence(reader, first.indent) : readMapping(reader, first.indent);
}

function readSequence(reader: Reader, indent: number): unknown[] {
  const items: unknown[] = [];
  for (let line = reader.lines[reader.at]; line?.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = reader.lines[reader.at]) {
    const rest = line.text.slice(1).trimStart();
    if (rest === '') {
      reader.at += 1;
      items.push(readBlock(reader, indent + 1));
    } else if (/^[^'"[{][^:]*:(\s|$)/.test(rest)) {
      // `- key: value`: a mapping whose keys line up with `key`.
      const inner = indent + line.text.length - rest.length;
      reader.at += 1;
      items.push(readMappingFrom(reader, inner, rest));
    } else {
      reader.at += 1;
      items.push(scalar(rest));
    }
  }
  return items;
}

function readMapping(reader: Reader, indent: number): Record<string, unknown> {
  const first = reader.lines[reader.at]!;
  reader.at += 1;
  return readMappingFrom(reader, indent, first.text);
}

function readMappingFrom(reader: Reader, indent: number, firstText: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let text: string | undefined = firstText;
  while (text !== undefined) {
    const match = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:#]+?)\s*:(?:\s+(.*))?$/.exec(text);
    if (match === null) throw new Error(`not a key: value line: ${text}`);
    const key = match[1]!.startsWith('"') || match[1]!.startsWith("'") ? (scalar(match[1]!) as string) : match[1]!;
    out[key] = valueAfterKey(reader, indent, (match[2] ?? '').trim());
    const next = reader.lines[reader.at];
    if (next === undefined || next.indent !== indent || next.text.startsWith('- ')) break;
    reader.at += 1;
    text = next.text;
  }
  return out;
}

function valueAfterKey(reader: Reader, indent: number, rest: string): unknown {
  if (rest === '' || rest.startsWith('#')) {
    const next = reader.lines[reader.at];
    if (next === undefined) return null;
    // A sequence may sit at the key's own indentation.
    if (next.indent > indent || (next.indent === indent && (next.text === '-' || next.text.startsWith('- ')))) return readBlock(reader, next.indent);
    return null;
  }
  if (/^[|>][+-]?$/.test(rest)) return blockScalar(reader, indent, rest);
  return scalar(rest);
}

function blockScalar(reader: Reader, indent: number, header: string): string {
  // Find the block's lines among the raw lines (blank lines belong to it), after the key's line.
  const startLine = reader.lines[reader.at];
  if (startLine === undefined || startLine.indent <= indent) return '';
  const rawStart = reader.raw.indexOf(startLine);
  const body: string[] = [];
  let i = rawStart;
  for (; i < reader.raw.length; i += 1) {
    const line = reader.raw[i]!;
    if (line.text !== '' && line.indent < startLine.indent) break;
    body.push(line.text === '' ? '' : ' '.repeat(line.indent - startLine.indent) + line.text);
  }
  while (reader.at < reader.lines.length && reader.raw.indexOf(reader.lines[reader.at]!) < i) reader.at += 1;
  return chomp(header[0] === '|' ? body.join('\n') : fold(body), header[1]);
}

function fold(body: readonly string[]): string {
  let out = '';
  body.forEach((line, index) => {
    if (index === 0) out = line;
    else if (line === '' || line.startsWith(' ')) out += `\n${line}`;
    else out += body[index - 1] === '' || body[index - 1]!.startsWith(' ') ? line : ` ${line}`;
  });
  return out;
}

function chomp(text: string, indicator: string | undefined): string {
  const trimmed = text.replace(/\n+$/, '');
  if (indicator === '-') return trimmed;
  if (indicator === '+') return `${text}\n`;
  return `${trimmed}\n`;
}

/** One scalar or one-line flow collection, typed by the YAML 1.2 core schema. */
export function scalar(text: string): unknown {
  const value = stripComment(text);
  if (value.startsWith('"')) return JSON.parse(value) as unknown;
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2) throw new Error(`unterminated string: ${value}`);
    return value.slice(1, -1).replace(/''/g, "'");
  }
  if (value.startsWith('[')) return flowItems(value, '[', ']').map(scalar);
  if (value.startsWith('{')) return Object.fromEntries(flowItems(value, '{', '}').map(flowPair));
  if (/^(null|Null|NULL|~)?$/.test(value)) return null;
  if (/^(true|True|TRUE)$/.test(value)) return true;
  if (/^(false|False|FALSE)$/.test(value)) return false;
  if (/^[-+]?[0-9]+$/.test(value)) return Number(value);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(value)) return Number(value);
  if (value.startsWith('&') || value.startsWith('*') || value.startsWith('!')) throw new Error(`anchors, aliases and tags are not read: ${value}`);
  return value;
}

function stripComment(text: string): string {
  const quoted = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')(\s+#.*)?$/.exec(text.trim());
  if (quoted !== null) return quoted[1]!;
  if (text.startsWith('"') || text.startsWith("'")) return text.trim();
  const hash = text.search(/\s#/);
  return (hash === -1 ? text : text.slice(0, hash)).trim();
}

function flowItems(text: string, open: string, close: string): string[] {
  if (!text.endsWith(close)) throw new Error(`unterminated ${open}${close}: ${text}`);
  const inner = text.slice(1, -1).trim();
  if (/[[\]{}]/.test(inner)) throw new Error(`nested flow collections are not read: ${text}`);
  return inner === '' ? [] : inner.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

function flowPair(item: string): [string, unknown] {
  const colon = item.indexOf(':');
  if (colon === -1) throw new Error(`not a key: value pair: ${item}`);
  return [String(scalar(item.slice(0, colon).trim())), scalar(item.slice(colon + 1).trim())];
}
