import { ReplaySubject } from 'rxjs';
import type { ServerCapabilities } from '../protocol/model/capabilities.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, isModernVersion, isSupportedVersion } from '../protocol/versions.js';
import type { Params } from '../session/types.js';
import type { ServerProfile } from './builtins.js';
import type { Core } from './core.js';
import { aborted, receive } from './dispatch.js';
import { expectCancelled, expectNoRequest, expectNotification, expectRequest, matchRequests, nextRequest } from './expectations.js';
import { TestScriptError } from './errors.js';
import { show, type ParamsMatcher } from './matching.js';
import { verify } from './report.js';
import { Rule, type RuleHost } from './rules.js';
import { ServerConnection } from './server-connection.js';
import type { TestRequestImpl } from './test-request.js';
import { ask, endSubscriptions, notify, request } from './server-initiated.js';
import { shapeResult, shapeServerIdentity } from './shape.js';
import type { CacheHints, RuleOptions, TestRequest, TestingController, TestingControllerOptions } from './types.js';
import { createWire, type WireListener } from './wire.js';

/** What a scripted server declares unless told otherwise: everything a client may use. */
export const DEFAULT_TESTING_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  logging: {},
  completions: {},
};

/** The `serverInfo` of a scripted server unless told otherwise. */
export const DEFAULT_TESTING_SERVER_INFO = {
  /** The server's name. */
  name: 'rxmcp-testing-server',
  /** The server's version. */
  version: '1.0.0',
} as const;

/** The cache hints a testing controller gives cacheable 2026-07-28 results by default. */
export const DEFAULT_TEST_CACHE_HINTS: Required<CacheHints> = { ttlMs: 60_000, cacheScope: 'public' };

function profileOf(options: TestingControllerOptions): ServerProfile {
  const version = options.revision ?? LATEST_PROTOCOL_VERSION;
  if (!isSupportedVersion(version)) {
    throw new TestScriptError(`A testing controller speaks one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}, not ${JSON.stringify(version)}`);
  }
  const identity = shapeServerIdentity(version, (options.capabilities ?? DEFAULT_TESTING_CAPABILITIES) as Params, (options.serverInfo ?? DEFAULT_TESTING_SERVER_INFO) as Params);
  return {
    version,
    modern: isModernVersion(version),
    capabilities: identity.capabilities as ServerCapabilities,
    serverInfo: identity.serverInfo,
    instructions: options.instructions,
    probeAnswer: options.probeAnswer ?? 'method-not-found',
    taskNotifications: options.taskNotifications ?? true,
    cacheHints: options.cacheHints === false ? { ttlMs: 0, cacheScope: 'public' } : { ttlMs: options.cacheHints?.ttlMs ?? DEFAULT_TEST_CACHE_HINTS.ttlMs, cacheScope: options.cacheHints?.cacheScope ?? 'public' },
  };
}

/**
 * Runs the server's work one message at a time. The wire delivers synchronously, so the client may answer while
 * the server is still busy with the message before; that answer waits here instead of re-entering the server.
 */
function serialQueue(problems: string[]): (work: () => void) => void {
  const queue: (() => void)[] = [];
  let running = false;
  return (work) => {
    queue.push(work);
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          next();
        } catch (error) {
          problems.push(`The server failed on a message of the client: ${error instanceof Error ? error.message : show(error)}`);
        }
      }
    } finally {
      running = false;
    }
  };
}

function listenerFor(core: () => Core, run: (work: () => void) => void): WireListener {
  const linkOf = (wire: Parameters<WireListener['opened']>[0]) => core().links.get(wire);
  return {
    opened: (wire) => core().links.set(wire, new ServerConnection(wire, !core().profile.modern)),
    received: (wire, message, headers) => run(() => {
      const link = linkOf(wire);
      if (link !== undefined) receive(core(), link, message, headers);
    }),
    aborted: (wire, id) => run(() => {
      const link = linkOf(wire);
      if (link !== undefined) aborted(link, id);
    }),
    closed: (wire) => run(() => linkOf(wire)?.ended()),
  };
}

function ruleHost(core: Core): RuleHost {
  return {
    checkResult: (method, result) => void shapeResult(core.profile.version, method, result),
    activate: (rule) => {
      for (const request of [...core.pending]) {
        if (!rule.matches(request)) continue;
        core.pending.splice(core.pending.indexOf(request), 1);
        rule.take(request);
      }
    },
    drop: (request, error) => request.via.wire.close(error),
    failed: (rule, request, error) => {
      const reason = error instanceof Error ? error.message : show(error);
      core.problems.push(`${rule.describe()} failed on ${request.describe()}: ${reason}`);
      if (!request.settled && request.outcome === undefined && request.via.open) request.error(-32603, `The test's script failed: ${reason}`);
    },
  };
}

type RuleFactory = (method: string, matcher: ParamsMatcher<TestRequest> | undefined, options?: RuleOptions, required?: boolean) => Rule;

function ruleFactory(core: Core): RuleFactory {
  const host = ruleHost(core);
  return (method, matcher, options = {}, required) => {
    const rule = new Rule(host, method, matcher, options, required);
    core.rules.push(rule);
    return rule;
  };
}

function createCore(options: TestingControllerOptions, fallback?: Core['fallback']): Core {
  const profile = profileOf(options);
  const shape = options.transport ?? 'stream';
  const problems: string[] = [];
  // The wire reports only once the client connects, by which time `core` exists.
  const wire = createWire(shape, options.serialize ?? true, listenerFor(() => core, serialQueue(problems)));
  const core: Core = {
    profile,
    shape,
    host: {
      version: profile.version,
      modern: profile.modern,
      capabilities: profile.capabilities,
      cacheHints: profile.cacheHints,
      ask: (request, questions) => ask(core, request, questions),
    },
    wire,
    links: new Map(),
    all: [],
    pending: [],
    rules: [],
    retries: new Map(),
    problems,
    notifications: [],
    requests$: new ReplaySubject<TestRequest>(),
    client: undefined,
    logLevel: undefined,
    counter: 0,
    ...(fallback === undefined ? {} : { fallback }),
  };
  return core;
}

/**
 * Creates a scripted MCP server for testing code built on rxmcp (see `TestingController`). It speaks one revision
 * (`options.revision`, default 2026-07-28), completes negotiation by itself, and delivers synchronously, so it
 * works inside `TestScheduler.run` (delays and the client's clocks run in virtual time) and in async tests alike.
 *
 * @throws TestScriptError for a revision rxmcp does not speak; SchemaError for capabilities or server info that
 * do not fit the revision.
 * @example
 * ```ts
 * import { lastValueFrom } from 'rxjs';
 * import { createClient } from 'rxmcp';
 * import { createTestingController, toolResult } from 'rxmcp/testing';
 *
 * const server = createTestingController();
 * const client = createClient(server.transport);
 * const answer = lastValueFrom(client.callTool('weather', { city: 'Oslo' }));
 * server.expectRequest('tools/call', { name: 'weather' }).respond(toolResult('sunny'));
 * console.log((await answer).content); // [{ type: 'text', text: 'sunny' }]
 * server.verify();
 * ```
 */
export function createTestingController(options: TestingControllerOptions = {}): TestingController {
  return controllerWith(options);
}

/**
 * @internal A testing controller whose `fallback` takes the requests that neither a rule nor a built-in answer
 * took, before they wait as pending (what the replay controller builds on).
 */
export function controllerWith(options: TestingControllerOptions, fallback?: (request: TestRequestImpl) => boolean): TestingController {
  const core = createCore(options, fallback);
  const createRule = ruleFactory(core);
  return {
    transport: core.wire.transport,
    revision: core.profile.version,
    era: core.profile.modern ? 'modern' : 'legacy',
    capabilities: core.profile.capabilities,
    requests$: core.requests$.asObservable(),
    requests: core.all,
    get connections() {
      return core.wire.count;
    },
    get connected() {
      return core.wire.current() !== undefined;
    },
    get client() {
      return core.client;
    },
    get logLevel() {
      return core.logLevel;
    },
    expectRequest: (method, matcher) => expectRequest(core, method, matcher),
    matchRequests: (method, matcher) => matchRequests(core, method, matcher),
    expectNoRequest: (method, matcher) => expectNoRequest(core, method, matcher),
    whenRequest: (method, matcher, ruleOptions) => createRule(method, matcher, ruleOptions),
    nextRequest: (method, matcher) => nextRequest(core, (m, p) => createRule(m, p, { times: 1 }, false), method, matcher),
    notify: (method, params) => notify(core, method, params),
    request: (method, params) => request(core, method, params),
    endSubscriptions: () => endSubscriptions(core),
    drop: (error) => core.wire.current()?.close(error),
    expectCancelled: (target) => expectCancelled(core, target),
    expectNotification: (method, matcher) => expectNotification(core, method, matcher),
    verify: () => verify(core),
  };
}

