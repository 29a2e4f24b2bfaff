// Another checkout's rxmcp for `npm run bench -- --roots <checkout>`: its built entries, resolved through its own
// package.json `exports` with the conditions Node uses for an import, and its own rxjs, so that a commit before a
// change runs in the same rounds as the change itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CONDITIONS = ['node', 'import', 'default'];

/** The file an `exports` value names for Node's import conditions, or undefined. */
function pick(target) {
  if (typeof target === 'string') return target;
  if (target === null || typeof target !== 'object') return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (!CONDITIONS.includes(condition)) continue;
    const found = pick(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The URL of `subpath` ('.' or './node') of the package in folder `dir`. */
function entryUrl(dir, subpath) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const exported = typeof manifest.exports === 'object' && !('.' in manifest.exports) && subpath === '.' ? manifest.exports : manifest.exports?.[subpath];
  const file = pick(exported) ?? (subpath === '.' ? manifest.main : undefined);
  if (file === undefined) throw new Error(`bench: ${dir} exports nothing for ${subpath}`);
  return pathToFileURL(join(dir, file)).href;
}

/** rxmcp's `.` and `./node` entries and rxjs, from the checkout `root` (built: its dist/ must exist). */
export async function loadCheckout(root) {
  return Promise.all([import(entryUrl(root, '.')), import(entryUrl(root, './node')), import(entryUrl(join(root, 'node_modules', 'rxjs'), '.'))]);
}

/** The label of a client run from `root`: `client@<last folder of root>`. */
export const checkoutLabel = (client, root) => `${client}@${root.split('/').filter(Boolean).pop()}`;
