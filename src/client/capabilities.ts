import type { ClientCapabilities } from '../protocol/model/capabilities.js';
import type { Revision } from '../protocol/revisions.js';
import type { ClientOptions } from './types.js';

function elicitation(options: ClientOptions, revision: Revision): ClientCapabilities['elicitation'] {
  if (!revision.capabilities.elicitationModes) return {};
  const modes = options.elicitationModes ?? ['form'];
  return Object.fromEntries(modes.map((mode) => [mode, {}]));
}

/**
 * The capabilities to declare to a server of `revision`, derived from the handlers that are registered (no
 * handler, no capability) plus `options.capabilities`. Fields the revision does not define are left out.
 */
export function clientCapabilities(options: ClientOptions, revision: Revision): ClientCapabilities {
  const handlers = options.handlers ?? {};
  const traits = revision.capabilities;
  const derived: Record<string, unknown> = { ...options.capabilities };
  if (handlers.roots) derived['roots'] = traits.rootsListChanged && options.rootsListChanged ? { listChanged: true } : {};
  if (handlers.sampling) derived['sampling'] = options.samplingTools && traits.samplingTools ? { tools: {} } : {};
  if (handlers.elicitation && traits.elicitation) derived['elicitation'] = elicitation(options, revision);
  if (!traits.tasks) delete derived['tasks'];
  if (!traits.extensions) delete derived['extensions'];
  return derived as ClientCapabilities;
}
