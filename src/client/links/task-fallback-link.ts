import type { Observable } from 'rxjs';
import type { Params } from '../../session/types.js';
import type { CallEvent } from '../call-event.js';
import { relay } from '../relay.js';
import type { ClientConnection } from '../client-connection.js';
import { asksForTask, taskTraitsOf, toolCallViaTask, type TaskTraits } from '../tasks/plain-call.js';
import type { StartDeps } from '../tasks/start.js';
import type { ToolRegistry } from '../tool-registry.js';
import type { VerbCall, VerbLink } from './verb-call.js';

/**
 * Built-in link, below the connect link: a tool call runs as a task where the protocol says it must (2025-11-25: the
 * tool requires it; 2026-07-28: the client declares the tasks extension), or is made again as one when the server
 * refuses it with `-32021` asking for the extension. A plain call on a connection whose headers route by the tool's
 * parameters (2026-07-28) gets the tool's definition, for its `x-mcp-header` parameters.
 */
export function taskFallbackLink(tasks: StartDeps, tools: ToolRegistry): VerbLink {
  // The traits of the last connection seen: every call on it asks the same.
  let seen: ClientConnection | undefined;
  let traits: TaskTraits | undefined;
  // Whether that connection's headers name the tool's parameters (the only reader of `options.tool` below here).
  let routes = false;
  return (call, next) => {
    const ready = call.ready;
    if (call.method !== 'tools/call' || ready === undefined) return next(call);
    if (ready !== seen) {
      traits = taskTraitsOf(ready);
      routes = ready.policy.revision.httpHeaders === 'routing';
      seen = ready;
    }
    const { byTool, always, mayAsk } = traits!;
    const known = tools.get(String(call.params?.['name']));
    if (always || (byTool && known?.execution?.taskSupport === 'required')) return viaTask(tasks, call);
    const options = call.options;
    const tool = options.tool ?? known;
    const plain: VerbCall = !routes || tool === options.tool ? call : { method: call.method, params: call.params, options: { ...options, tool }, safe: call.safe, ready };
    if (!mayAsk) return next(plain);
    return relay(() => next(plain), (event) => event, (error) => {
      if (asksForTask(tasks, error)) return viaTask(tasks, call);
      throw error;
    });
  };
}

/** The tool call `call` as a task. */
function viaTask(tasks: StartDeps, call: VerbCall): Observable<CallEvent<unknown>> {
  return toolCallViaTask(tasks, String(call.params?.['name']), call.params?.['arguments'] as Params | undefined, call.options);
}
