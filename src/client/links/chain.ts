import type { Observable } from 'rxjs';
import type { CallEvent } from '../call-event.js';
import type { Link, LinkNext } from './types.js';

/** A link over calls of type `C` (the connection's `McpCall`, or the client's `VerbCall` above the connection). */
export type LinkOf<C> = (call: C, next: (call: C) => Observable<CallEvent<unknown>>) => Observable<CallEvent<unknown>>;

/**
 * The chain of `links` in front of `terminal`: the first link is the outermost (it sees the call first and its
 * events last). Built once; calling the result is one function call per link, so a link that lets a call through
 * (`return next(call)`) costs nothing but that call.
 */
export function chain(links: readonly Link[], terminal: LinkNext): LinkNext;
export function chain<C>(links: readonly LinkOf<C>[], terminal: (call: C) => Observable<CallEvent<unknown>>): (call: C) => Observable<CallEvent<unknown>>;
export function chain<C>(links: readonly LinkOf<C>[], terminal: (call: C) => Observable<CallEvent<unknown>>): (call: C) => Observable<CallEvent<unknown>> {
  let next = terminal;
  for (let index = links.length - 1; index >= 0; index--) {
    const link = links[index]!;
    const rest = next;
    next = (call) => link(call, rest);
  }
  return next;
}
