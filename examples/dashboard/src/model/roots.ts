import { Subject } from 'rxjs';
import type { ListRootsResult, Root } from 'rxmcp';

/**
 * The client's roots as the user edits them: the `roots` handler answers `roots/list` (2025 revisions) and roots
 * input requests (2026-07-28) with the list of the moment; each change fires `changed$`, on which the page tells a
 * 2025-era server `notifications/roots/list_changed`.
 */
export class Roots {
  private roots: Root[] = [];
  /** Any change: an edit, or a server asking. */
  readonly changed$ = new Subject<void>();
  /** The user changed the list. */
  readonly edited$ = new Subject<void>();
  /** How often a server asked for the roots. */
  asked = 0;

  get list(): readonly Root[] {
    return this.roots;
  }

  /** Adds a root (a `file://` URI, or a path made into one), or renames the root with that URI; a bad URI throws. */
  add(uri: string, name: string): void {
    const root: Root = { uri: rootUri(uri), ...(name.trim() === '' ? {} : { name: name.trim() }) };
    this.roots = [...this.roots.filter((r) => r.uri !== root.uri), root];
    this.edited$.next();
    this.changed$.next();
  }

  remove(uri: string): void {
    this.roots = this.roots.filter((root) => root.uri !== uri);
    this.edited$.next();
    this.changed$.next();
  }

  /** The answer to `roots/list`. */
  readonly handler = (): ListRootsResult => {
    this.asked += 1;
    this.changed$.next();
    return { roots: this.roots };
  };
}

/** `file:///home/ada` from `/home/ada` or `file:///home/ada`; anything else that is not an absolute URI throws. */
export function rootUri(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('/')) return new URL(`file://${trimmed}`).href;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) throw new Error(`Not a URI or an absolute path: ${JSON.stringify(text)}`);
  return new URL(trimmed).href;
}
