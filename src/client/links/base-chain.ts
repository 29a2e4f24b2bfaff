import type { Observable } from 'rxjs';
import { callOn } from '../call.js';
import type { CallEvent } from '../call-event.js';
import { chain } from './chain.js';
import { connectLink, type Connector } from './connect-link.js';
import { sessionLossLink } from './session-loss-link.js';
import type { VerbCall } from './verb-call.js';

/** The end of the client's chain: the call on the connection the connect link chose, through its own chain. */
export function onConnection(call: VerbCall): Observable<CallEvent<unknown>> {
  return callOn(call.ready!, call.method, call.params, call.options, call.safe);
}

/** The client's chain before the verbs install theirs (no tool registry yet): session loss, then the connection. */
export function baseVerbChain(core: Connector): (call: VerbCall) => Observable<CallEvent<unknown>> {
  return chain<VerbCall>([sessionLossLink(() => core.current()), connectLink(core)], onConnection);
}

