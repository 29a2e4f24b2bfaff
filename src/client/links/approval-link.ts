import { defer, mergeMap, throwError } from 'rxjs';
import { ToolCallDeniedError } from '../../errors/errors.js';
import type { Params } from '../../session/types.js';
import type { ClientCore } from '../core.js';
import { NOTHING_IN_FLIGHT } from '../human-wait.js';
import { approvalOf } from '../tool-hints.js';
import type { ToolRegistry } from '../tool-registry.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link, outermost, when the client has `approveToolCall`: a tool call waits for a person's decision
 * (bounded by `humanWaitMs`, the human-wait clock) before anything is sent; a refusal fails it with
 * `ToolCallDeniedError`. Other methods, and every call of a client without an approval step, pass.
 */
export function approvalLink(core: ClientCore, tools: ToolRegistry): VerbLink | undefined {
  const approve = core.options.approveToolCall;
  if (approve === undefined) return undefined;
  return (call, next) => {
    if (call.method !== 'tools/call') return next(call);
    const name = String(call.params?.['name']);
    const args = (call.params?.['arguments'] ?? {}) as Params;
    const tool = tools.get(name);
    const request = tool === undefined ? { name, arguments: args } : { name, arguments: args, tool };
    const decision$ = core.human.track('tools/call approval', NOTHING_IN_FLIGHT, new AbortController().signal, () =>
      defer(() => approvalOf(approve(request, tools.hintsFor(name)))),
    );
    return decision$.pipe(mergeMap((yes) => (yes ? next(call) : throwError(() => new ToolCallDeniedError(name)))));
  };
}
