import type { Link, LinkNext } from './types.js';

/**
 * The chain of `links` in front of `terminal`: the first link is the outermost (it sees the call first and its
 * events last). Built once per connection; calling the result is one function call per link, so a link that lets
 * a call through (`return next(call)`) costs nothing but that call.
 */
export function chain(links: readonly Link[], terminal: LinkNext): LinkNext {
  let next = terminal;
  for (let index = links.length - 1; index >= 0; index--) {
    const link = links[index]!;
    const rest = next;
    next = (call) => link(call, rest);
  }
  return next;
}
