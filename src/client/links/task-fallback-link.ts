import type { Params } from '../../session/types.js';
import { relay } from '../relay.js';
import { asksForTask, mayAskForTask, runsAsTask, toolCallViaTask } from '../tasks/plain-call.js';
import type { StartDeps } from '../tasks/start.js';
import type { ToolRegistry } from '../tool-registry.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link, below the connect link: a tool call runs as a task where the protocol says it must (2025-11-25: the
 * tool requires it; 2026-07-28: the client declares the tasks extension), or is made again as one when the server
 * refuses it with `-32021` asking for the extension. A plain call gets the tool's definition, for its
 * `x-mcp-header` parameters.
 */
export function taskFallbackLink(tasks: StartDeps, tools: ToolRegistry): VerbLink {
  return (call, next) => {
    if (call.method !== 'tools/call' || call.ready === undefined) return next(call);
    const name = String(call.params?.['name']);
    const args = call.params?.['arguments'] as Params | undefined;
    const viaTask = () => toolCallViaTask(tasks, name, args, call.options);
    if (runsAsTask(tasks, call.ready, name)) return viaTask();
    const tool = call.options.tool ?? tools.get(name);
    const plain = tool === call.options.tool ? call : { ...call, options: { ...call.options, tool } };
    if (!mayAskForTask(call.ready)) return next(plain);
    return relay(() => next(plain), (event) => event, (error) => {
      if (asksForTask(tasks, error)) return viaTask();
      throw error;
    });
  };
}
