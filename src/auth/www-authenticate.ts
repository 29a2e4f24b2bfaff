/** One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1). */
export interface AuthChallenge {
  /** The auth scheme, lower-cased (`bearer`, `dpop`, `basic`, ...). */
  readonly scheme: string;
  /** The auth-params, names lower-cased, quoted strings unquoted. */
  readonly params: Readonly<Record<string, string>>;
  /** A token68 value, for schemes that use one instead of params. */
  readonly token68?: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

class Scanner {
  index = 0;
  constructor(readonly text: string) {}

  skip(pattern: RegExp = /^[ \t]+/): void {
    const match = pattern.exec(this.text.slice(this.index));
    if (match) this.index += match[0].length;
  }

  peek(): string {
    return this.text[this.index] ?? '';
  }

  done(): boolean {
    return this.index >= this.text.length;
  }

  token(pattern: RegExp = TOKEN): string | undefined {
    const match = pattern.exec(this.text.slice(this.index));
    if (!match) return undefined;
    this.index += match[0].length;
    return match[0];
  }

  quoted(): string {
    let value = '';
    this.index++;
    while (!this.done()) {
      const char = this.text[this.index++] as string;
      if (char === '"') return value;
      value += char === '\\' && !this.done() ? (this.text[this.index++] as string) : char;
    }
    return value;
  }
}

/** Reads one `name=value` pair at the scanner, or nothing (the scanner is left where it was). */
function readParam(scanner: Scanner): [string, string] | undefined {
  const start = scanner.index;
  const name = scanner.token();
  scanner.skip();
  if (name === undefined || scanner.peek() !== '=') {
    scanner.index = start;
    return undefined;
  }
  scanner.index++;
  scanner.skip();
  const value = scanner.peek() === '"' ? scanner.quoted() : (scanner.token() ?? '');
  return [name.toLowerCase(), value];
}

function readChallenge(scanner: Scanner): AuthChallenge | undefined {
  const scheme = scanner.token();
  if (scheme === undefined) return undefined;
  const params: Record<string, string> = {};
  scanner.skip();
  const start = scanner.index;
  const token68 = scanner.token(TOKEN68);
  scanner.skip();
  if (token68 !== undefined && (scanner.done() || scanner.peek() === ',')) {
    return { scheme: scheme.toLowerCase(), params, token68 };
  }
  scanner.index = start;
  for (;;) {
    const param = readParam(scanner);
    if (param === undefined) break;
    if (!(param[0] in params)) params[param[0]] = param[1];
    scanner.skip();
    if (scanner.peek() !== ',') break;
    const comma = scanner.index;
    scanner.index++;
    scanner.skip(/^[ \t,]+/);
    if (readParam(new Scanner(scanner.text.slice(scanner.index))) === undefined) {
      scanner.index = comma;
      break;
    }
  }
  return { scheme: scheme.toLowerCase(), params };
}

/**
 * The challenges of a `WWW-Authenticate` header value: `Bearer realm="x", scope="a b", DPoP algs="ES256"`
 * gives two. Malformed parts are skipped; the parser never throws.
 */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallenge[] {
  if (!header) return [];
  const scanner = new Scanner(header);
  const challenges: AuthChallenge[] = [];
  while (!scanner.done()) {
    scanner.skip(/^[ \t,]+/);
    const before = scanner.index;
    const challenge = readChallenge(scanner);
    if (challenge !== undefined) challenges.push(challenge);
    scanner.skip(/^[ \t]+/);
    if (scanner.index === before) scanner.index++;
  }
  return challenges;
}

/** The first `Bearer` or `DPoP` challenge's params, merged in that order (a server may send both). */
export function tokenChallenge(header: string | null | undefined): Readonly<Record<string, string>> {
  const found = parseWwwAuthenticate(header).filter((c) => c.scheme === 'bearer' || c.scheme === 'dpop');
  return Object.assign({}, ...found.reverse().map((c) => c.params)) as Record<string, string>;
}
