import { EMPTY, mergeMap, switchMap, tap, type Observable } from 'rxjs';
import type { LoggingLevel } from '../protocol/model/common.js';
import type { Prompt } from '../protocol/model/prompts.js';
import type { Resource, ResourceTemplate } from '../protocol/model/resources.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Transport } from '../transport/types.js';
import type { Client } from './client-types.js';
import { createClientCore, type ClientCore } from './core.js';
import type { CallOptions } from './envelope.js';
import { onNotification } from './callbacks.js';
import { checkHealth } from './health.js';
import { watchFailures } from './live/failures.js';
import { callToolEvents, toolCallParams } from './tool-calls.js';
import { ToolRegistry } from './tool-registry.js';
import type { ClientOptions, CloseOptions } from './types.js';
import { createListenManager, type ListenManager } from './live/listen.js';
import type { CatalogLists } from './live/live-state.js';
import { createLiveState } from './live/live-views.js';
import { lazyMembers, type LazyMembers } from './lazy-members.js';
import type { TaskVerbs } from './tasks/types.js';
import { eventTypesOn, skillsOn } from './skills.js';
import { registryLookups, type StartDeps } from './tasks/start.js';
import { createTaskVerbs } from './tasks/verbs.js';
import { bindVerbs, extensionRequest, listOn } from './verbs.js';
import { VERB_TABLE } from './verb-table.js';
import { verbChain } from './links/verb-chain.js';
import { VERSION } from './version.js';

/** `clientInfo` when none is given. */
export const DEFAULT_CLIENT_INFO = {
  /** `rxmcp`. */
  name: 'rxmcp',
  /** The package's version (from its package.json, at build time). */
  version: VERSION
} as const;

function setLoggingLevel(core: ClientCore, level: LoggingLevel, options: CallOptions): Observable<never> {
  return core.ready().pipe(
    switchMap((ready) => {
      if (ready.policy.revision.logLevel === 'meta') {
        core.logLevel = level;
        return EMPTY;
      }
      return core.result<unknown>('logging/setLevel', { level }, options).pipe(
        tap(() => {
          core.logLevel = level;
          core.logLevelChosen = true;
        }),
        mergeMap(() => EMPTY),
      );
    }),
  );
}

/**
 * Creates an MCP client over a transport. It negotiates the protocol revision by itself on first use of each
 * connection (see `ClientOptions.protocol`), then every verb is a cold Observable whose unsubscription cancels
 * the request on the wire. See `Client` for each verb's contract.
 *
 * Verbs: **Temperature:** cold. **Emits:** the decoded result once (events variants: progress and input rounds
 * first). **Completes:** after the result. **Errors:** `UnsupportedMethodError`, `RpcError` and subclasses,
 * `SchemaError`, `RequestTimeoutError`, `ConnectionClosedError`, `TransportError`, `NegotiationError`,
 * `SessionLostError`. **Teardown:** cancels the request on the wire.
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 *
 * const client = createClient(streamableHttp('https://example.com/mcp'), {
 *   clientInfo: { name: 'my-app', version: '1.0.0' },
 * });
 * client.callTool('add', { a: 1, b: 2 }).subscribe((result) => console.log(result.content));
 * // …
 * client.close();
 * ```
 */
export function createClient(transport: Transport, options: ClientOptions = {}): Client {
  const core = createClientCore(transport, options, options.clientInfo ?? DEFAULT_CLIENT_INFO);
  const tools = new ToolRegistry(core, options.trustToolAnnotations === true);
  const verbs = bindVerbs(core, VERB_TABLE);
  let listenManager: ListenManager | undefined;
  const listen = () => (listenManager ??= createListenManager(core, options.live));
  const lookups = registryLookups(core, tools);
  const tasks: StartDeps = { core, get listen() { return listen(); }, tool: lookups.tool, knownTool: lookups.knownTool, safeToRepeat: lookups.safeToRepeat };
  core.install(verbChain(core, tools, tasks));
  const live = createLiveState(core, catalogLists(core, tools), options.live, listen);
  let taskVerbs: TaskVerbs | undefined;
  const callbacks = Object.entries(options.handlers?.notifications ?? {}).map(([method, callback]) => onNotification(core.session.notifications$, method, callback, core.diagnose));
  const failures = options.onFailure === undefined ? undefined : watchFailures(live.state$, options.onFailure, core.diagnose);
  const close = (closeOptions?: CloseOptions) => {
    core.close(closeOptions);
    tools.close();
    for (const callback of callbacks) callback.unsubscribe();
    failures?.unsubscribe();
  };
  // One object without spreads: an object literal spreading several others allocates tens of KB per client.
  return Object.assign(lazyMembers(core, live, () => (taskVerbs ??= createTaskVerbs(tasks))), verbs, ownVerbs(core, tools, tasks, verbs), { close });
}

/** The lists behind the live catalogs; a tool list walked there fills the tool registry. */
function catalogLists(core: ClientCore, tools: ToolRegistry): CatalogLists {
  return {
    tools: (ready) => tools.keep(listOn<Tool>(core, ready, 'tools/list', 'tools')),
    resources: (ready) => listOn<Resource>(core, ready, 'resources/list', 'resources'),
    resourceTemplates: (ready) => listOn<ResourceTemplate>(core, ready, 'resources/templates/list', 'resourceTemplates'),
    prompts: (ready) => listOn<Prompt>(core, ready, 'prompts/list', 'prompts'),
    skills: (ready) => skillsOn(core, ready),
    eventTypes: (ready) => eventTypesOn(core, ready),
  };
}

type TableVerbs = ReturnType<typeof bindVerbs<typeof VERB_TABLE>>;

/** The members of a client that are not table verbs, live state, task verbs nor `close`. */
function ownVerbs(core: ClientCore, tools: ToolRegistry, tasks: StartDeps, verbs: TableVerbs): Omit<Client, keyof LazyMembers | keyof TableVerbs | 'close'> & Pick<Client, 'listTools' | 'listToolsPage'> {
  return {
    session: core.session,
    server$: core.server$,
    diagnostics$: core.diagnostics$,
    connect: () => core.ready().pipe(mergeMap((ready) => [ready.server])),
    listTools: (o) => tools.keep(verbs.listTools(o)),
    listToolsPage: (cursor, o) => tools.keepPage(verbs.listToolsPage(cursor, o)),
    callTool: (name, args, o = {}) => core.result<CallToolResult>('tools/call', toolCallParams(name, args), o, tasks.safeToRepeat(name, o)),
    callToolEvents: (name, args, o = {}) => callToolEvents(core, tasks, name, args, { progress: true, ...o }),
    setLoggingLevel: (level, o = {}) => setLoggingLevel(core, level, o),
    notifyRootsChanged: () => core.notify('notifications/roots/list_changed'),
    request: (method, params, o) => extensionRequest(core, method, params, o),
    toolHints$: tools.hints$,
    toolHints: () => tools.currentHints(),
    checkHealth: (o) => checkHealth(core, o),
    on: (method, callback) => {
      const subscription = onNotification(core.session.notifications$, method, callback, core.diagnose);
      return () => subscription.unsubscribe();
    },
  };
}
