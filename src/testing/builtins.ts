// What the scripted server answers by itself: the negotiation of its revision, the 2026-07-28 listen streams, and
// the legacy plumbing (ping, resource subscriptions, log level), so that a test scripts only what its code asks.
import type { JsonRpcRequest } from '../protocol/jsonrpc.js';
import { hasCapability, type ServerCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { SubscriptionFilter } from '../protocol/model/subscriptions.js';
import { TASKS_EXTENSION } from '../protocol/model/tasks-extension.js';
import { isVersionAtLeast, type ProtocolVersion } from '../protocol/versions.js';
import type { Params } from '../session/types.js';
import type { ServerConnection } from './server-connection.js';
import type { TestRequestImpl } from './test-request.js';
import type { LegacyProbeAnswer } from './types.js';

/** The server the controller plays. */
export interface ServerProfile {
  readonly version: ProtocolVersion;
  readonly modern: boolean;
  readonly capabilities: ServerCapabilities;
  readonly serverInfo: Params;
  readonly instructions: string | undefined;
  readonly probeAnswer: LegacyProbeAnswer;
  /** 2026-07-28: listen streams asking for task ids get them acknowledged (the server pushes `notifications/tasks`). */
  readonly taskNotifications: boolean;
  /** 2026-07-28: the cache hints of cacheable results that do not give their own. */
  readonly cacheHints: { readonly ttlMs: number; readonly cacheScope: 'public' | 'private' };
}

/** The key under which 2026-07-28 tags what belongs to a listen stream. */
export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

type Payload = { readonly result: Params } | { readonly error: { readonly code: number; readonly message: string } };

function reply(link: ServerConnection, message: JsonRpcRequest, payload: Payload): void {
  link.send({ jsonrpc: '2.0', id: message.id, ...payload }, message.id);
}

const methodNotFound = (method: string): Payload => ({ error: { code: -32601, message: `Method not found: ${method}` } });

function initializeResult(profile: ServerProfile): Params {
  const { version, capabilities, serverInfo, instructions } = profile;
  const withInstructions = instructions !== undefined && isVersionAtLeast(version, '2025-03-26');
  return { protocolVersion: version, capabilities, serverInfo, ...(withInstructions ? { instructions } : {}) };
}

function discoverResult(profile: ServerProfile): Params {
  return {
    resultType: 'complete',
    supportedVersions: [profile.version],
    capabilities: profile.capabilities,
    ...(profile.instructions === undefined ? {} : { instructions: profile.instructions }),
    ...profile.cacheHints,
    _meta: { 'io.modelcontextprotocol/serverInfo': profile.serverInfo },
  };
}

/** Legacy: what the server answers to the client's `server/discover` probe (`undefined`: nothing). */
function probeAnswer(profile: ServerProfile): Payload | undefined {
  switch (profile.probeAnswer) {
    case 'no-answer':
      return undefined;
    case 'empty-result':
      return { result: {} };
    case 'invalid-params':
      return { error: { code: -32602, message: 'Server not initialized' } };
    default:
      return methodNotFound('server/discover');
  }
}

/** What of a listen filter the server honours: what it declared it can announce. */
export function honoured(filter: SubscriptionFilter, capabilities: ServerCapabilities, taskNotifications = true): SubscriptionFilter {
  const out: { -readonly [K in keyof SubscriptionFilter]: SubscriptionFilter[K] } = {};
  if (filter.toolsListChanged && hasCapability(capabilities, ['tools', 'listChanged'])) out.toolsListChanged = true;
  if (filter.promptsListChanged && hasCapability(capabilities, ['prompts', 'listChanged'])) out.promptsListChanged = true;
  if (filter.resourcesListChanged && hasCapability(capabilities, ['resources', 'listChanged'])) out.resourcesListChanged = true;
  const uris = filter.resourceSubscriptions ?? [];
  if (uris.length > 0 && hasCapability(capabilities, ['resources', 'subscribe'])) out.resourceSubscriptions = [...uris];
  const tasks = filter.taskIds ?? [];
  if (tasks.length > 0 && taskNotifications && hasCapability(capabilities, ['extensions', TASKS_EXTENSION])) out.taskIds = [...tasks];
  if (filter.eventsListChanged && hasCapability(capabilities, ['extensions', 'io.modelcontextprotocol/events', 'listChanged'])) out.eventsListChanged = true;
  return out;
}

/** Task ids on a listen need the tasks extension declared on that request (else `-32021`, as the extension says). */
function undeclaredTasks(message: JsonRpcRequest): boolean {
  const asked = (message.params?.['notifications'] as SubscriptionFilter | undefined)?.taskIds ?? [];
  const meta = message.params?.['_meta'] as Params | undefined;
  const declared = (meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: Params } | undefined)?.extensions?.[TASKS_EXTENSION];
  return asked.length > 0 && declared === undefined;
}

function listen(profile: ServerProfile, link: ServerConnection, message: JsonRpcRequest): void {
  if (undeclaredTasks(message)) {
    const error = { code: -32021, message: 'Missing required client capability', data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } };
    link.send({ jsonrpc: '2.0', id: message.id, error }, message.id);
    return;
  }
  const kinds = honoured((message.params?.['notifications'] ?? {}) as SubscriptionFilter, profile.capabilities, profile.taskNotifications);
  link.listens.set(message.id, kinds);
  const params = { notifications: kinds, _meta: { [SUBSCRIPTION_ID]: message.id } };
  link.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params }, message.id);
}

/**
 * Answers the requests the kit owns, before any rule: negotiation (`initialize`, `server/discover`) and listen
 * streams. Returns false for every other request.
 */
export function answerOwned(profile: ServerProfile, link: ServerConnection, message: JsonRpcRequest): boolean {
  const { method } = message;
  if (profile.modern) {
    if (method === 'server/discover') reply(link, message, { result: discoverResult(profile) });
    else if (method === 'subscriptions/listen') listen(profile, link, message);
    else if (method === 'initialize') reply(link, message, methodNotFound(method));
    else return false;
    return true;
  }
  if (method === 'initialize') {
    link.initializeParams = message.params ?? {};
    reply(link, message, { result: initializeResult(profile) });
  } else if (method === 'server/discover') {
    const answer = probeAnswer(profile);
    if (answer) reply(link, message, answer);
  } else if (method === 'subscriptions/listen') {
    reply(link, message, methodNotFound(method));
  } else {
    return false;
  }
  return true;
}

/**
 * Legacy plumbing a test rarely cares about, answered when no rule took the request: `ping`, resource
 * (un)subscriptions (remembered, so that updates go only to subscribed URIs) and `logging/setLevel`.
 * Returns the level set, `true` when answered otherwise, false when not answered.
 */
export function answerDefault(profile: ServerProfile, request: TestRequestImpl): LoggingLevel | boolean {
  if (profile.modern) return false;
  const uri = request.params['uri'];
  switch (request.method) {
    case 'ping':
      break;
    case 'resources/subscribe':
      if (typeof uri === 'string') request.via.subscribedUris.add(uri);
      break;
    case 'resources/unsubscribe':
      if (typeof uri === 'string') request.via.subscribedUris.delete(uri);
      break;
    case 'logging/setLevel':
      request.respond({});
      return request.params['level'] as LoggingLevel;
    default:
      return false;
  }
  request.respond({});
  return true;
}
