// What the scripted server starts by itself: notifications (on the connection, or on 2026-07-28 listen streams),
// legacy requests to the client, and questions asked during a request in the way each revision asks them.
import { Observable, ReplaySubject, defer, forkJoin, map, of, throwError } from 'rxjs';
import { ConnectionClosedError } from '../errors/errors.js';
import { rpcErrorFrom } from '../errors/rpc-errors.js';
import type { JsonRpcMessage, RequestId } from '../protocol/jsonrpc.js';
import type { ClientCapabilities } from '../protocol/model/capabilities.js';
import type { InputRequests, InputResponses } from '../protocol/model/mrtr.js';
import type { SubscriptionFilter } from '../protocol/model/subscriptions.js';
import type { Params, ResultPayload } from '../session/types.js';
import { SUBSCRIPTION_ID } from './builtins.js';
import { currentLink, type Core } from './core.js';
import { TestScriptError } from './errors.js';
import type { ServerConnection } from './server-connection.js';
import { checkServerNotification, checkServerRequest } from './shape.js';
import type { TestRequestImpl } from './test-request.js';

const LISTEN_KINDS: Readonly<Record<string, keyof SubscriptionFilter>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
  'notifications/tasks': 'taskIds',
  'notifications/events/list_changed': 'eventsListChanged',
};

function wants(kinds: SubscriptionFilter, kind: keyof SubscriptionFilter, params: Params | undefined): boolean {
  if (kind === 'resourceSubscriptions') return (kinds.resourceSubscriptions ?? []).includes(String(params?.['uri']));
  if (kind === 'taskIds') return (kinds.taskIds ?? []).includes(String(params?.['taskId']));
  return kinds[kind] === true;
}

function listenKind(method: string): keyof SubscriptionFilter {
  const kind = LISTEN_KINDS[method];
  if (kind === undefined) {
    throw new TestScriptError(`In MCP 2026-07-28 a server sends ${method} only on the stream of a request: use the TestRequest's notify()`);
  }
  return kind;
}

function notifyListens(link: ServerConnection, method: string, params: Params | undefined): number {
  const kind = listenKind(method);
  let delivered = 0;
  for (const [id, kinds] of link.listens) {
    if (!wants(kinds, kind, params)) continue;
    const tagged = { ...params, _meta: { ...(params?.['_meta'] as Params | undefined), [SUBSCRIPTION_ID]: id } };
    if (link.send({ jsonrpc: '2.0', method, params: tagged }, id)) delivered += 1;
  }
  return delivered;
}

/** `TestingController.notify`. */
export function notify(core: Core, method: string, params: Params | undefined): number {
  checkServerNotification(core.profile.version, method, params, core.profile.capabilities);
  if (core.profile.modern) listenKind(method);
  const link = currentLink(core);
  if (link === undefined) return 0;
  if (core.profile.modern) return notifyListens(link, method, params);
  if (method === 'notifications/resources/updated' && !link.subscribedUris.has(String(params?.['uri']))) return 0;
  const message = params === undefined ? { jsonrpc: '2.0' as const, method } : { jsonrpc: '2.0' as const, method, params };
  return link.send(message, undefined, true) ? 1 : 0;
}

const closedBeforeAnswer = (method: string) => new ConnectionClosedError(`The connection closed before the client answered ${method}`);

/** One legacy request to the client on `link` (related to a client request when `relatedTo` is given). Cold. */
function serverRequest(core: Core, link: ServerConnection, method: string, params: Params | undefined, relatedTo?: RequestId): Observable<ResultPayload> {
  return new Observable<ResultPayload>((subscriber) => {
    const id = `s${++core.counter}`;
    let done = false;
    link.outgoing.set(id, {
      answer: (message: JsonRpcMessage) => {
        done = true;
        link.outgoing.delete(id);
        if ('result' in message) {
          subscriber.next(message.result);
          subscriber.complete();
        } else if ('error' in message) subscriber.error(rpcErrorFrom(message.error, method));
      },
      lost: () => {
        done = true;
        subscriber.error(closedBeforeAnswer(method));
      },
    });
    const message = params === undefined ? { jsonrpc: '2.0' as const, id, method } : { jsonrpc: '2.0' as const, id, method, params };
    if (!link.send(message, relatedTo, true)) {
      done = true;
      link.outgoing.delete(id);
      subscriber.error(closedBeforeAnswer(method));
    }
    return () => {
      if (done) return;
      link.outgoing.delete(id);
      link.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'The server no longer needs the answer' } }, relatedTo, true);
    };
  });
}

/** `TestingController.request`. */
export function request(core: Core, method: string, params: Params | undefined): Observable<ResultPayload> {
  return defer(() => {
    const { version, modern } = core.profile;
    if (modern) throw new TestScriptError(`MCP 2026-07-28 servers send no requests to the client: ask during a request with TestRequest.ask() or inputRequired()`);
    const link = currentLink(core);
    if (link === undefined) throw new TestScriptError(`No client is connected to send ${method} to`);
    checkServerRequest(version, method, params, link.initializeParams?.['capabilities'] as ClientCapabilities | undefined);
    return serverRequest(core, link, method, params);
  });
}

function askLegacy(core: Core, request: TestRequestImpl, questions: InputRequests): Observable<InputResponses> {
  const entries = Object.entries(questions);
  for (const [, question] of entries) checkServerRequest(core.profile.version, question.method, question.params, request.clientCapabilities);
  if (entries.length === 0) return of({});
  const answers = entries.map(([key, question]) =>
    serverRequest(core, request.via, question.method, question.params as Params | undefined, request.id).pipe(map((result) => [key, result] as const)),
  );
  return forkJoin(answers).pipe(map((pairs) => Object.fromEntries(pairs) as unknown as InputResponses));
}

function askModern(core: Core, request: TestRequestImpl, questions: InputRequests): Observable<InputResponses> {
  const requestState = `rxmcp-testing/${++core.counter}`;
  const answers = new ReplaySubject<InputResponses>(1);
  // Registered before the answer goes out: over a synchronous wire the retry may arrive before awaitRetry returns.
  core.retries.set(requestState, { request, answers });
  try {
    request.awaitRetry(questions, requestState);
  } catch (error) {
    core.retries.delete(requestState);
    throw error;
  }
  return answers.asObservable();
}

/** `TestRequest.ask`: the questions go out at once; the answers are replayed. */
export function ask(core: Core, request: TestRequestImpl, questions: InputRequests): Observable<InputResponses> {
  let answers$: Observable<InputResponses>;
  try {
    answers$ = core.profile.modern ? askModern(core, request, questions) : askLegacy(core, request, questions);
  } catch (error) {
    return throwError(() => error);
  }
  const replay = new ReplaySubject<InputResponses>(1);
  answers$.subscribe(replay);
  return replay.asObservable();
}

/** `TestingController.endSubscriptions`: 2026-07-28 listen streams end with a result tagged with their id. */
export function endSubscriptions(core: Core): number {
  const link = currentLink(core);
  if (link === undefined || !core.profile.modern) return 0;
  let ended = 0;
  for (const id of [...link.listens.keys()]) {
    link.listens.delete(id);
    if (link.send({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { [SUBSCRIPTION_ID]: id } } }, id)) ended += 1;
  }
  return ended;
}
