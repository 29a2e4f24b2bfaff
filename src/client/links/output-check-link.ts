import type { CallToolResult } from '../../protocol/model/tools.js';
import type { CallEvent } from '../call-event.js';
import type { ClientCore } from '../core.js';
import { relay } from '../relay.js';
import type { ToolRegistry } from '../tool-registry.js';
import type { VerbLink } from './verb-call.js';

/**
 * Built-in link: a tool result's `structuredContent` is checked against the tool's `outputSchema` (per
 * `validateOutput`: an `OutputSchemaError`, a diagnostic, or nothing). Off when `validateOutput` is `'off'`.
 */
export function outputCheckLink(core: ClientCore, tools: ToolRegistry): VerbLink | undefined {
  if (core.options.validateOutput === 'off') return undefined;
  return (call, next) => {
    if (call.method !== 'tools/call') return next(call);
    const name = String(call.params?.['name']);
    // A tool known without an output schema has nothing to check.
    const known = call.options.tool ?? tools.get(name);
    if (known !== undefined && known.outputSchema === undefined) return next(call);
    return relay(() => next(call), (event) => core.checkOutput(call.options.tool ?? tools.get(name), event as CallEvent<CallToolResult>));
  };
}
