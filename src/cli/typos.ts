// What the command line says about a word it does not know: the known word that was probably meant, and a target
// that is almost a URL.
import { URL_TRANSPORTS } from '../transport/registry.js';

/** The edit distance of two words (insertions, deletions, substitutions, and swaps of neighbours). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The candidate closest to `word`, when it is close enough to be a slip (at most a third of its letters off). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    const cost = distance(word, candidate);
    if (best === undefined || cost < best.cost) best = { candidate, cost };
  }
  return best !== undefined && best.cost <= Math.max(1, Math.floor(best.candidate.length / 3)) ? best.candidate : undefined;
}

/** The URL schemes a target may have: HTTP's, and those of `URL_TRANSPORTS`. */
export function reachableSchemes(): string[] {
  return [...new Set(['http', 'https', ...URL_TRANSPORTS.flatMap((entry) => entry.schemes.map((scheme) => scheme.replace(/:$/, '')))])];
}

/**
 * Why `word` is not a URL rxmcp can reach although it looks like one (a scheme of two letters or more followed by
 * `:/`, or a reachable scheme without `//`), or `undefined` when it is fine or does not look like a URL at all.
 */
export function badUrl(word: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]+):(\/*)/i.exec(word);
  if (match === null) return undefined;
  const scheme = (match[1] as string).toLowerCase();
  const schemes = reachableSchemes();
  const known = schemes.includes(scheme);
  if (known && match[2] === '//') return undefined;
  if (!known && match[2] === '') return undefined;
  const meant = known ? scheme : closest(scheme, schemes);
  const fix = meant === undefined ? '' : ` Did you mean ${meant}://${word.slice(match[0].length)}?`;
  return `"${word}" is not a URL rxmcp can reach: a target URL starts with ${schemes.map((name) => `${name}://`).join(', ')} (schemes ${schemes.join(', ')}).${fix}`;
}
