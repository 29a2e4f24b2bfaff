// The protocol era of `rxmcp ui`'s HTTP target, learned from Node before the page opens: the page then speaks to a
// 2025-era server with `initialize` at once, and its first visit costs no `server/discover` probe that the browser
// would report as a failed 400 in the console.
import { catchError, firstValueFrom, map, of, race, timer } from 'rxjs';
import { DEFAULT_CLIENT_INFO } from '../../client/client.js';
import { createClient } from '../../index.js';
import { remoteTransport } from '../../transport/remote.js';
import type { RemoteTarget } from '../target.js';

/** An era as the page remembers it. */
export type ProbedEra = 'modern' | 'legacy';

/** How long the probe may take before the page is left to probe by itself. */
export const ERA_PROBE_MS = 3000;

/**
 * Connects to a Streamable HTTP target (`http`, or `auto`) once (the dual-era opening) and closes again: the era it negotiated, or
 * `undefined` when it is not Streamable HTTP, cannot be reached, needs authorization or takes longer than `ms`.
 */
export function probeEra(target: RemoteTarget, ms: number = ERA_PROBE_MS): Promise<ProbedEra | undefined> {
  if (target.kind !== 'http' && target.kind !== 'auto') return Promise.resolve(undefined);
  const transport = remoteTransport(target.kind, target.url, { headers: target.headers }, () => new Error('not a WebSocket'));
  const client = createClient(transport, { clientInfo: { name: 'rxmcp-ui', version: DEFAULT_CLIENT_INFO.version } });
  const era = client.connect().pipe(map((server): ProbedEra | undefined => server.era), catchError(() => of(undefined)));
  return firstValueFrom(race(era, timer(ms).pipe(map(() => undefined))), { defaultValue: undefined });
}
