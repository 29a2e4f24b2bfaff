import { catchError, of, type Observable } from 'rxjs';
import { LATEST_LEGACY_PROTOCOL_VERSION } from '../../protocol/versions.js';
import { auto, initialize, policyFor, type Negotiated, type NegotiationContext } from '../negotiate.js';
import type { ServerSession } from '../server-session.js';

/**
 * A warm start's shortcut: a 2026-07-28 server whose stored discovery is valid needs no request at all; a legacy
 * server needs no probe, only `initialize` (its failure sends the probe after all). `undefined` when nothing is known
 * or the client's `protocol` option does not allow it.
 */
export function fromKnown(context: NegotiationContext, known: ServerSession | undefined): Observable<Negotiated> | undefined {
  const mode = context.options.protocol ?? 'auto';
  if (known === undefined) return undefined;
  if (known.era === 'modern' && (mode === 'auto' || mode === 'modern')) return of({ server: known, policy: policyFor(context, known.protocolVersion) });
  if (known.era === 'legacy' && mode === 'auto') {
    return initialize(context, LATEST_LEGACY_PROTOCOL_VERSION, false).pipe(catchError(() => auto(context)));
  }
  return undefined;
}
