import { defer, mergeMap, type Observable } from 'rxjs';
import type { Member } from './members.js';

/**
 * Each member once, as it joins a list of `members$`. Only the current members are remembered, so a removed one is
 * not kept reachable by whoever follows the group (re-adding a server makes a new member).
 */
export function joiners(members$: Observable<readonly Member[]>): Observable<Member> {
  return defer(() => {
    let current: ReadonlySet<Member> = new Set();
    return members$.pipe(
      mergeMap((list) => {
        const joined = list.filter((member) => !current.has(member));
        current = new Set(list);
        return joined;
      }),
    );
  });
}
