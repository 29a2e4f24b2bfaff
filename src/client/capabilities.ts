import type { ClientCapabilities } from '../protocol/model/capabilities.js';
import type { ProtocolVersion } from '../protocol/versions.js';
import { isModernVersion, isVersionAtLeast } from '../protocol/versions.js';
import type { ClientOptions } from './types.js';

function elicitation(options: ClientOptions, version: ProtocolVersion): ClientCapabilities['elicitation'] {
  if (!isVersionAtLeast(version, '2025-11-25')) return {};
  const modes = options.elicitationModes ?? ['form'];
  return Object.fromEntries(modes.map((mode) => [mode, {}]));
}

/**
 * The capabilities to declare to a server of `version`, derived from the handlers that are registered (no
 * handler, no capability) plus `options.capabilities`. Fields the revision does not define are left out.
 */
export function clientCapabilities(options: ClientOptions, version: ProtocolVersion): ClientCapabilities {
  const handlers = options.handlers ?? {};
  const modern = isModernVersion(version);
  const derived: Record<string, unknown> = { ...options.capabilities };
  if (handlers.roots) derived['roots'] = !modern && options.rootsListChanged ? { listChanged: true } : {};
  if (handlers.sampling) derived['sampling'] = options.samplingTools && isVersionAtLeast(version, '2025-11-25') ? { tools: {} } : {};
  if (handlers.elicitation && isVersionAtLeast(version, '2025-06-18')) derived['elicitation'] = elicitation(options, version);
  if (modern) delete derived['tasks'];
  else delete derived['extensions'];
  return derived as ClientCapabilities;
}
