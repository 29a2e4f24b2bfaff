// A UI piece of the kind the testing recipes test: search as the user types, one tool call per query.
import { map, switchMap, type Observable } from 'rxjs';
import type { Client } from '../../../src/index.js';

/** The text of the latest search's first block; a newer query cancels the call in flight. */
export function searchResults(client: Pick<Client, 'callTool'>, queries$: Observable<string>): Observable<string> {
  return queries$.pipe(
    switchMap((q) => client.callTool('search', { q })),
    map((result) => (result.content[0]?.type === 'text' ? result.content[0].text : '')),
  );
}
