import type { Observable, Subscription } from 'rxjs';
import type { McpError } from '../../errors/mcp-error.js';
import type { Diagnostic } from '../../session/types.js';
import type { ClientState } from '../types.js';

/**
 * Calls `onFailure` once per connection failure that `state$` shows (`reconnecting` or `disconnected` with an error,
 * or `failed`, not seen before), for code that does not watch `state$`. A callback that throws is reported on `diagnostics$`.
 */
export function watchFailures(
  state$: Observable<ClientState>,
  onFailure: (error: McpError, state: ClientState) => void,
  diagnose: (diagnostic: Diagnostic) => void,
): Subscription {
  let last: McpError | undefined;
  return state$.subscribe((state) => {
    if (state.status === 'ready') last = undefined;
    const error = state.status === 'reconnecting' || state.status === 'disconnected' || state.status === 'failed' ? state.error : undefined;
    if (error === undefined || error === last) return;
    last = error;
    try {
      onFailure(error, state);
    } catch (thrown) {
      const reason = thrown instanceof Error ? thrown.message : String(thrown);
      diagnose({ kind: 'handler-error', message: `onFailure threw: ${reason}`, error });
    }
  });
}
