import type { Observable } from 'rxjs';
import type { CallEvent } from '../call-event.js';
import { onConnection } from './base-chain.js';
import type { ClientCore } from '../core.js';
import type { StartDeps } from '../tasks/start.js';
import type { ToolRegistry } from '../tool-registry.js';
import { approvalLink } from './approval-link.js';
import { chain } from './chain.js';
import { connectLink } from './connect-link.js';
import { outputCheckLink } from './output-check-link.js';
import { relistLink } from './relist-link.js';
import { sessionLossLink } from './session-loss-link.js';
import { taskFallbackLink } from './task-fallback-link.js';
import type { VerbCall, VerbLink } from './verb-call.js';

/**
 * The client's chain above the connection, in this order (outermost first):
 *
 * 1. drift gate (with `pinning`): a call of a tool that changed since it was pinned is refused or asked about again;
 * 2. approval: a tool call waits for `approveToolCall` (the human-wait clock bounds it);
 * 3. session loss: a call safe to repeat is made again on a new connection when the server forgot the session;
 * 4. output check: a tool result is checked against the tool's `outputSchema`;
 * 5. connect: the open connection, or a new one within the call's limits;
 * 6. header re-list: a tool call refused with `-32020` (2026-07-28 over HTTP) is sent again after a fresh listing;
 * 7. task fallback: a tool call runs as a task where the protocol says so, or after `-32021`;
 *
 * then the connection's own chain (`connectionChain`: your links, cache, input rounds, re-issue, the wire).
 */
export function verbChain(core: ClientCore, tools: ToolRegistry, tasks: StartDeps): (call: VerbCall) => Observable<CallEvent<unknown>> {
  const links: (VerbLink | undefined)[] = [
    core.options.pinning?.gate(core, tools), approvalLink(core, tools), sessionLossLink(() => core.current()), outputCheckLink(core, tools),
    connectLink(core), relistLink(core, tools), taskFallbackLink(tasks, tools),
  ];
  return chain(links.filter((link): link is VerbLink => link !== undefined), onConnection);
}
