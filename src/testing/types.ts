import type { Observable } from 'rxjs';
import type { RequestId } from '../protocol/jsonrpc.js';
import type { ClientCapabilities, ServerCapabilities } from '../protocol/model/capabilities.js';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Implementation } from '../protocol/model/metadata.js';
import type { InputRequest, InputRequests, InputResponseMap } from '../protocol/model/mrtr.js';
import type { ProtocolEra, ProtocolVersion } from '../protocol/versions.js';
import type { ProgressToken } from '../protocol/model/primitives.js';
import type { Params, ResultPayload } from '../session/types.js';
import type { Transport } from '../transport/types.js';
import type { ParamsMatcher } from './matching.js';
import type { WireShape } from './wire.js';

/** How a legacy scripted server answers the client's `server/discover` probe. */
export type LegacyProbeAnswer = 'method-not-found' | 'invalid-params' | 'empty-result' | 'no-answer';

/** The cache hints of a 2026-07-28 result (see `TestingControllerOptions.cacheHints`). */
export interface CacheHints {
  /** How long the result stays fresh, in ms. */
  readonly ttlMs: number;
  /** `public` (any authorization context may reuse it) or `private` (default `public`). */
  readonly cacheScope?: 'public' | 'private';
}

/** Options of `createTestingController`. */
export interface TestingControllerOptions {
  /** The one revision the server speaks (default `2026-07-28`). */
  readonly revision?: ProtocolVersion;
  /**
   * What the server declares (default: tools, prompts and resources with `listChanged`, resource subscriptions,
   * logging and completions). Shaped for the revision.
   */
  readonly capabilities?: ServerCapabilities;
  /** Default `{ name: 'rxmcp-testing-server', version: '1.0.0' }`. */
  readonly serverInfo?: Implementation;
  /** The server's instructions, for the model. */
  readonly instructions?: string;
  /** `stream` (default: one duplex, like stdio) or `per-request` (a response stream per request, like Streamable HTTP). */
  readonly transport?: WireShape;
  /** Legacy revisions: how the server answers a `server/discover` probe (default `method-not-found`, `-32601`). */
  readonly probeAnswer?: LegacyProbeAnswer;
  /**
   * 2026-07-28: the cache hints of every cacheable result the script does not give its own (`server/discover`, the
   * lists, `resources/read`). Default `{ ttlMs: 60000, cacheScope: 'public' }`, as real servers send them, so that a
   * test sees the client's cache at work; `false` sends `ttlMs: 0` (nothing may be kept).
   */
  readonly cacheHints?: CacheHints | false;
  /** Copy every message through JSON, as a real wire would (default true). */
  readonly serialize?: boolean;
  /**
   * 2026-07-28 tasks extension: whether listen streams that ask for `taskIds` get them acknowledged, the server
   * agreeing to push `notifications/tasks` for them (default true, when the server declares the extension).
   */
  readonly taskNotifications?: boolean;
}

/** When a rule answers. */
export interface RespondOptions {
  /** Answer this many milliseconds after the request arrived (virtual time inside `TestScheduler.run`). */
  readonly delayMs?: number;
}

/** Options of `whenRequest`. */
export interface RuleOptions {
  /**
   * Answer at most this many requests; `verify()` then fails unless exactly this many came. Without it the rule
   * answers every matching request and is not required.
   */
  readonly times?: number;
}

/** The client's answers to `TestRequest.ask`, typed by the method of each question. */
export type Answers<Q extends InputRequests> = { readonly [K in keyof Q]: Q[K] extends InputRequest ? InputResponseMap[Q[K]['method']] : never };

/** What the client said about itself: from `initialize` (legacy) or the latest request's `_meta` (2026-07-28). */
export interface ClientView {
  /** The revision the client speaks. */
  readonly protocolVersion: string;
  /** What the client declared it can do. */
  readonly capabilities: ClientCapabilities;
  /** The client's name and version, when it said. */
  readonly clientInfo: Implementation | undefined;
}

/**
 * One request the client made, as the scripted server holds it: what was asked, and the means to answer. Each
 * request is answered once (`respond`, `error`, `inputRequired`), or deliberately left unanswered (`never`);
 * before the answer it may report progress, send request-scoped notifications and, with `ask`, put questions to
 * the client in whichever way the revision does.
 */
export interface TestRequest {
  /** The JSON-RPC id. After `ask` on 2026-07-28 this is the id of the client's retry. */
  readonly id: RequestId;
  /** The method, e.g. `tools/call`. */
  readonly method: string;
  /** The params without `_meta`. */
  readonly params: Params;
  /** `params.arguments` of `tools/call` and `prompts/get` (`{}` when absent). */
  readonly arguments: Params;
  /** The params' `_meta` (2026-07-28: protocol version, client capabilities, client info, ...). */
  readonly meta: Params | undefined;
  /** The progress token the client asked progress for (`_meta.progressToken`), if any. */
  readonly progressToken: ProgressToken | undefined;
  /** The transport headers the client gave the frame (2026-07-28: `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, ...). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** The connection it came on: 1 for the client's first, 2 after a reconnect, ... */
  readonly connection: number;
  /** 1, and one more for each 2026-07-28 retry that `ask` followed. */
  readonly round: number;
  /** The client cancelled it on the wire (`notifications/cancelled`, or aborted its exchange). */
  readonly cancelled: boolean;
  /** It was answered (or deliberately left unanswered with `never`). */
  readonly answered: boolean;
  /** It still waits for an answer: not answered, not cancelled, its connection open. */
  readonly open: boolean;
  /**
   * Answers with `result`, shaped for the revision (2026-07-28 gets `resultType` and cache hints, fields the
   * revision does not define are left out). @throws SchemaError when the revision cannot carry it;
   * TestScriptError when the request was answered before or its connection is gone.
   */
  respond(result: Params): void;
  /** Answers with a JSON-RPC error. @throws TestScriptError as `respond`. */
  error(code: number, message: string, data?: unknown): void;
  /**
   * Sends `notifications/progress` for this request. @throws TestScriptError when the client did not ask for
   * progress (no `progressToken`) or `progress` does not grow.
   */
  progress(progress: number, total?: number, message?: string): void;
  /** Sends a notification that belongs to this request (a log message, ...), on its stream where it has one. */
  notify(method: string, params?: Params): void;
  /**
   * 2026-07-28 only: answers with an `input_required` result. The client's retry is a new request, which the test
   * then expects like any other. @throws TestScriptError on a legacy revision or a method that cannot require input.
   */
  inputRequired(inputRequests: InputRequests, requestState?: string): void;
  /**
   * Puts questions to the client the way the revision does, and follows the answer: legacy revisions send each
   * as a JSON-RPC request (elicitation, sampling, roots); 2026-07-28 answers with `input_required` and takes the
   * client's retry as this same request (its `id`, `params` and `round` then describe the retry), so `respond`
   * afterwards answers the call in either era.
   *
   * **Temperature:** hot (the questions go out at once), replaying the answers. **Emits:** the client's answers
   * under the same keys, once. **Completes:** after that. **Errors:** `RpcError` when the client answers a legacy
   * request with an error; `TestScriptError` when the client did not declare what a question needs.
   * **Teardown:** none (unsubscribing does not withdraw the questions).
   */
  ask<Q extends InputRequests>(inputRequests: Q): Observable<Answers<Q>>;
  /** Leaves the request unanswered on purpose (a hanging server); `verify()` accepts it. */
  never(): void;
}

/** A standing answer for requests that match, registered with `whenRequest`. */
export interface RequestRule {
  /** Answers each matching request with `result` (or what `result(request)` returns). */
  respond(result: Params | ((request: TestRequest) => Params), options?: RespondOptions): RequestRule;
  /** Answers each matching request with a JSON-RPC error. */
  error(code: number, message: string, data?: unknown, options?: RespondOptions): RequestRule;
  /** Hands each matching request to `script`, which answers it through the `TestRequest`. */
  handle(script: (request: TestRequest) => void): RequestRule;
  /**
   * Puts `inputRequests` (or what they are for the request) to the client for each matching request
   * (`TestRequest.ask`, in the revision's way) and answers it with what `answer` makes of the client's answers, at
   * once or, given an Observable, with its first value: a tool that asks the user first. A request the client
   * cancelled, or whose connection ended, meanwhile is left as it is. An error answer to a question, or an `answer`
   * that throws or errors, fails the rule (`verify()` reports it and the request gets a `-32603` error).
   */
  ask<Q extends InputRequests>(
    inputRequests: Q | ((request: TestRequest) => Q),
    answer: (answers: Answers<Q>, request: TestRequest) => Params | Observable<Params>,
  ): RequestRule;
  /** Takes each matching request and never answers it. */
  never(): RequestRule;
  /** Drops the connection when a matching request arrives (cleanly, or failing with `error`). */
  drop(error?: unknown): RequestRule;
  /** The requests this rule took, in order. */
  readonly requests: readonly TestRequest[];
  /** Stops the rule from taking further requests. */
  remove(): void;
}

/**
 * The server end of a client under test: hand `transport` to `createClient` (or to your own code), script what
 * the server answers, and `verify()` at the end. It negotiates by itself for its revision, owns the listen streams
 * of 2026-07-28 and the legacy resource subscriptions, and checks what the client sends against the revision.
 *
 * **Requests already made vs. still to come.** `expectRequest` and `matchRequests` take requests that have
 * arrived and are still pending (nothing else took them), like Angular's `HttpTestingController.expectOne`.
 * `whenRequest` registers a rule for requests still to come, and also takes matching requests already pending;
 * the newest rule that matches wins. `nextRequest` waits for one request (or takes a pending one).
 */
export interface TestingController {
  /** The transport the client under test connects through. Each connection is one subscription. */
  readonly transport: Transport;
  /** The one revision the scripted server speaks. */
  readonly revision: ProtocolVersion;
  /** `legacy` or `modern`, from the revision. */
  readonly era: ProtocolEra;
  /** What the server declares, shaped for its revision. */
  readonly capabilities: ServerCapabilities;
  /**
   * Every request the client made that the kit did not answer by itself (negotiation and listen streams are
   * not included). **Temperature:** hot, replaying every request so far. **Emits:** each request as it arrives.
   * **Completes:** never. **Errors:** never. **Teardown:** none.
   */
  readonly requests$: Observable<TestRequest>;
  /** The same requests, as a list so far. */
  readonly requests: readonly TestRequest[];
  /** Connections the client opened so far. */
  readonly connections: number;
  /** True while a client connection is open. */
  readonly connected: boolean;
  /** What the client said about itself on the current (or last) connection. */
  readonly client: ClientView | undefined;
  /** The log level the client asked for (legacy `logging/setLevel`, 2026-07-28 per-request `_meta`). */
  readonly logLevel: LoggingLevel | undefined;
  /**
   * Takes the one pending request of `method` matching `matcher`. @throws ExpectationFailedError when none or
   * several match; the message lists what was pending.
   */
  expectRequest(method: string, matcher?: ParamsMatcher<TestRequest>): TestRequest;
  /** Takes every pending request that matches (possibly none). */
  matchRequests(method?: string, matcher?: ParamsMatcher<TestRequest>): TestRequest[];
  /** @throws ExpectationFailedError when the client made a matching request so far (answered or not). */
  expectNoRequest(method?: string, matcher?: ParamsMatcher<TestRequest>): void;
  /** Registers a rule for matching requests; the newest matching rule wins. */
  whenRequest(method: string, matcher?: ParamsMatcher<TestRequest>, options?: RuleOptions): RequestRule;
  /**
   * The next matching request: a pending one at once, else the next to arrive.
   * **Temperature:** cold; each subscription takes one request. **Emits:** the request, once. **Completes:** after
   * it. **Errors:** never. **Teardown:** stops waiting (a request taken stays taken).
   */
  nextRequest(method: string, matcher?: ParamsMatcher<TestRequest>): Observable<TestRequest>;
  /**
   * Sends a notification to the client, as the revision does it: legacy revisions on the connection (resource
   * updates only for subscribed URIs); 2026-07-28 list changes, resource updates and the tasks extension's
   * `notifications/tasks` on every listen stream that asked for them (and had them acknowledged), tagged with its
   * subscription id. Returns how many times it was sent (a legacy server's
   * notification before `notifications/initialized` counts: it goes out when that arrives).
   * @throws TestScriptError for a notification the revision or the capabilities rule out, or one that 2026-07-28
   * only sends on a request's own stream (use `TestRequest.notify`).
   */
  notify(method: string, params?: Params): number;
  /**
   * Legacy revisions: a request to the client (`sampling/createMessage`, `elicitation/create`, `roots/list`,
   * `ping`). **Temperature:** cold; each subscription sends one request. **Emits:** the client's result, once.
   * **Completes:** after it. **Errors:** `RpcError` for an error answer; `TestScriptError` on 2026-07-28 (use
   * `TestRequest.ask`), without a connection, or when the client did not declare the capability.
   * **Teardown:** sends `notifications/cancelled` when still unanswered.
   */
  request(method: string, params?: Params): Observable<ResultPayload>;
  /** 2026-07-28: ends every open listen stream gracefully (a result tagged with its subscription id). */
  endSubscriptions(): number;
  /** Drops the client's current connection: cleanly, or failing with `error` (as a `TransportError`). */
  drop(error?: unknown): void;
  /** @throws ExpectationFailedError when the client did not cancel that request on the wire. */
  expectCancelled(request: RequestId | TestRequest): void;
  /** Takes one notification the client sent (`notifications/roots/list_changed`, ...). @throws ExpectationFailedError when none matches. */
  expectNotification(method: string, matcher?: ParamsMatcher<Params>): Params;
  /**
   * @throws ExpectationFailedError listing every request no expectation took, every taken request left
   * unanswered, every rule with `times` not met, and every protocol violation the server saw.
   */
  verify(): void;
}
