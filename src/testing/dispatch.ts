// Everything the client sends, sorted: requests to the kit's own answers, to a waiting `ask`, to the rules, or to
// the pending list; notifications to the handshake, to cancellation, or to the log of what the client said.
import { messageKind } from '../protocol/classify.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';
import type { ClientCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { InputResponses } from '../protocol/model/mrtr.js';
import type { Params } from '../session/types.js';
import { answerDefault, answerOwned } from './builtins.js';
import type { Core } from './core.js';
import { checkLegacyRequest, checkModernRequest } from './envelope-checks.js';
import { show } from './matching.js';
import type { ServerConnection } from './server-connection.js';
import { TestRequestImpl } from './test-request.js';

type Headers = Readonly<Record<string, string>> | undefined;

function rememberClient(core: Core, message: JsonRpcRequest): void {
  const params = message.params ?? {};
  if (!core.profile.modern) {
    if (message.method !== 'initialize') return;
    core.client = {
      protocolVersion: String(params['protocolVersion']),
      capabilities: (params['capabilities'] ?? {}) as ClientCapabilities,
      clientInfo: params['clientInfo'] as Implementation | undefined,
    };
    return;
  }
  const meta = (params['_meta'] ?? {}) as Params;
  core.client = {
    protocolVersion: String(meta['io.modelcontextprotocol/protocolVersion']),
    capabilities: meta['io.modelcontextprotocol/clientCapabilities'] as ClientCapabilities,
    clientInfo: meta['io.modelcontextprotocol/clientInfo'] as Implementation | undefined,
  };
  const level = meta['io.modelcontextprotocol/logLevel'];
  if (typeof level === 'string') core.logLevel = level as LoggingLevel;
}

/** 2026-07-28: the client's retry of a request that `ask` answered with `input_required`. */
function resumeRetry(core: Core, link: ServerConnection, message: JsonRpcRequest, headers: Headers): boolean {
  const state = message.params?.['requestState'];
  const awaited = typeof state === 'string' ? core.retries.get(state) : undefined;
  if (awaited === undefined || awaited.request.method !== message.method) return false;
  core.retries.delete(state as string);
  awaited.request.adopt(link, message, headers);
  awaited.answers.next((message.params?.['inputResponses'] ?? {}) as InputResponses);
  awaited.answers.complete();
  return true;
}

function route(core: Core, request: TestRequestImpl): void {
  for (let i = core.rules.length - 1; i >= 0; i--) {
    const rule = core.rules[i];
    if (rule?.matches(request)) {
      rule.take(request);
      return;
    }
  }
  const answered = answerDefault(core.profile, request);
  if (answered === false) {
    if (core.fallback?.(request) === true) return;
    core.pending.push(request);
    return;
  }
  request.takenBy = 'the server itself';
  if (typeof answered === 'string') core.logLevel = answered;
}

function onRequest(core: Core, link: ServerConnection, message: JsonRpcRequest, headers: Headers): void {
  const verdict = core.profile.modern ? checkModernRequest(core.profile, message, headers, core.shape === 'per-request') : checkLegacyRequest(link, message);
  if (verdict.problem !== undefined) core.problems.push(verdict.problem);
  if (verdict.answer !== undefined) {
    link.send({ jsonrpc: '2.0', id: message.id, ...verdict.answer }, message.id);
    return;
  }
  rememberClient(core, message);
  if (core.profile.modern && resumeRetry(core, link, message, headers)) return;
  if (answerOwned(core.profile, link, message)) return;
  const request = new TestRequestImpl(core.host, link, message, headers);
  core.all.push(request);
  core.requests$.next(request);
  route(core, request);
}

function cancelled(link: ServerConnection, id: RequestId, how: 'notification' | 'abort'): void {
  link.inFlight.get(id)?.markCancelled(how);
  link.listens.delete(id);
}

function onNotification(core: Core, link: ServerConnection, message: JsonRpcNotification): void {
  const params = message.params ?? {};
  if (message.method === 'notifications/initialized' && !core.profile.modern) link.markInitialized();
  const requestId = params['requestId'];
  if (message.method === 'notifications/cancelled' && (typeof requestId === 'string' || typeof requestId === 'number')) cancelled(link, requestId, 'notification');
  core.notifications.push({ method: message.method, params, taken: false });
}

function onResponse(core: Core, link: ServerConnection, message: JsonRpcSuccess | JsonRpcErrorResponse): void {
  const id = message.id;
  const outgoing = id === null || id === undefined ? undefined : link.outgoing.get(id);
  if (outgoing) outgoing.answer(message);
  else core.problems.push(`The client answered ${show(id)}, which the server did not ask (or no longer waits for): ${show(message)}`);
}

/** Handles one message the client sent on `link`. */
export function receive(core: Core, link: ServerConnection, value: unknown, headers: Headers): void {
  switch (messageKind(value)) {
    case 'request':
      onRequest(core, link, value as JsonRpcRequest, headers);
      return;
    case 'notification':
      onNotification(core, link, value as JsonRpcNotification);
      return;
    case 'success':
    case 'error':
      onResponse(core, link, value as JsonRpcSuccess | JsonRpcErrorResponse);
      return;
    default:
      core.problems.push(`The client sent something that is not a JSON-RPC message: ${show(value)}`);
  }
}

/** The client aborted a request's own response stream (per-request transports). */
export function aborted(link: ServerConnection, id: RequestId): void {
  cancelled(link, id, 'abort');
}
