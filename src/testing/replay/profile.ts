// The server a recording shows: its revision, capabilities, identity and its answer to a legacy discovery probe.
import type { ServerCapabilities } from '../../protocol/model/capabilities.js';
import type { Implementation } from '../../protocol/model/metadata.js';
import { isSupportedVersion, type ProtocolVersion } from '../../protocol/versions.js';
import type { Params } from '../../session/types.js';
import { TestScriptError } from '../errors.js';
import type { LegacyProbeAnswer, TestingControllerOptions } from '../types.js';
import type { RecordedExchange } from './recording.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const VERSION = 'io.modelcontextprotocol/protocolVersion';

function probeAnswer(exchanges: readonly RecordedExchange[]): LegacyProbeAnswer {
  const probe = exchanges.find((exchange) => exchange.method === 'server/discover');
  if (probe === undefined) return 'method-not-found';
  if (probe.error?.code === -32602) return 'invalid-params';
  return probe.result === undefined ? 'method-not-found' : 'empty-result';
}

function supported(version: unknown, where: string): ProtocolVersion {
  if (typeof version === 'string' && isSupportedVersion(version)) return version;
  throw new TestScriptError(`The recording's server speaks ${JSON.stringify(version)} (${where}), which rxmcp does not`);
}

function legacy(initialize: RecordedExchange, exchanges: readonly RecordedExchange[]): TestingControllerOptions {
  const result = initialize.result as Params;
  const instructions = typeof result['instructions'] === 'string' ? { instructions: result['instructions'] } : {};
  return {
    revision: supported(result['protocolVersion'], 'its initialize result'),
    capabilities: (result['capabilities'] ?? {}) as ServerCapabilities,
    serverInfo: result['serverInfo'] as Implementation,
    probeAnswer: probeAnswer(exchanges),
    ...instructions,
  };
}

function modern(discover: RecordedExchange, exchanges: readonly RecordedExchange[]): TestingControllerOptions {
  const result = discover.result as Params;
  const spoken = exchanges.map((exchange) => exchange.meta?.[VERSION]).find((version) => typeof version === 'string');
  const versions = Array.isArray(result['supportedVersions']) ? (result['supportedVersions'] as unknown[]) : [];
  const serverInfo = (result['_meta'] as Params | undefined)?.[SERVER_INFO] as Implementation | undefined;
  const ttlMs = typeof result['ttlMs'] === 'number' ? result['ttlMs'] : undefined;
  const scope = result['cacheScope'] === 'private' ? 'private' : 'public';
  return {
    revision: supported(spoken ?? versions[0], 'the revision its client spoke'),
    capabilities: (result['capabilities'] ?? {}) as ServerCapabilities,
    ...(serverInfo === undefined ? {} : { serverInfo }),
    ...(typeof result['instructions'] === 'string' ? { instructions: result['instructions'] } : {}),
    ...(ttlMs === undefined ? {} : { cacheHints: { ttlMs, cacheScope: scope } }),
  };
}

/** The controller options that play the recorded server. @throws TestScriptError when the recording has no negotiation. */
export function recordedServer(exchanges: readonly RecordedExchange[]): TestingControllerOptions {
  const initialize = exchanges.find((exchange) => exchange.method === 'initialize' && exchange.result !== undefined);
  if (initialize !== undefined) return legacy(initialize, exchanges);
  const discover = exchanges.find((exchange) => exchange.method === 'server/discover' && Array.isArray(exchange.result?.['supportedVersions']));
  if (discover !== undefined) return modern(discover, exchanges);
  throw new TestScriptError('The recording has no negotiation (an initialize or server/discover answered): record from the connection\'s start');
}
