import { assignToolNames, type ToolNameOptions } from '../agent/names.js';
import type { ServerList } from './catalog.js';
import type { FromServer } from './types.js';

/**
 * Names items of several servers for the group: `server__name`, sanitised to `[A-Za-z0-9_-]{1,64}` with a short
 * stable hash on overflow or collision (`assignToolNames`), so a group name is a provider-safe tool name as it is.
 * The way back is the item itself (`server`, `originalName`), never a split of the name. The same name listed
 * twice by one server is kept once.
 */
export function nameItems<T extends { readonly name: string }>(lists: readonly ServerList<T>[], options: ToolNameOptions = {}): (T & FromServer & { readonly originalName: string })[][] {
  const keys = lists.flatMap((list) => list.items.map((item) => ({ server: list.server, name: item.name })));
  const { names } = assignToolNames(keys, options);
  let index = 0;
  return lists.map((list) =>
    list.items.flatMap((item) => {
      const name = names[index++];
      return name === undefined ? [] : [{ ...item, name, server: list.server, originalName: item.name }];
    }),
  );
}

/** Items that keep their identity (resources by URI): each gets its server. */
export function tagItems<T>(lists: readonly ServerList<T>[]): (T & FromServer)[][] {
  return lists.map((list) => list.items.map((item) => ({ ...item, server: list.server })));
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `uri` may come from the URI template `template` (RFC 6570 as MCP servers write them): literal parts must
 * match; `{name}` matches anything but `/`, `?` and `#`; `{+name}`, `{#name}`, `{/name}`, `{?name}` and friends
 * match anything.
 */
export function matchesTemplate(template: string, uri: string): boolean {
  let pattern = '';
  let last = 0;
  for (const match of template.matchAll(/\{([^}]*)\}/g)) {
    pattern += escape(template.slice(last, match.index));
    pattern += /^[+#./;?&]/.test(match[1] ?? '') ? '.*' : '[^/?#]*';
    last = (match.index ?? 0) + match[0].length;
  }
  pattern += escape(template.slice(last));
  return new RegExp(`^${pattern}$`).test(uri);
}
