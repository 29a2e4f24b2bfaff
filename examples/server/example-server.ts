import { McpServer, type McpRequestContext } from '@modelcontextprotocol/server';
import { isMainModule } from './main.js';
import { registerIntroduce, type StatelessRounds } from './introduce.js';
import { registerExamplePrompts, registerExampleResources } from './resources.js';
import { defaultExampleEvents, type ExampleEvents, registerExampleEvents } from './events.js';
import { registerExampleWebhooks } from './event-webhooks.js';
import { defaultExampleSkills, type ExampleSkills, registerExampleSkills } from './skills.js';
import { COUNTER_URI, defaultExampleState, type ExampleChange, ExampleState, type ExampleWorld } from './state.js';
import { registerExampleTools } from './tools.js';

export { COUNTER_URI, defaultExampleState, type ExampleChange, ExampleState, type ExampleWorld };
export { README_URI } from './resources.js';
export { DYNAMIC_SKILL_URI, ExampleSkills } from './skills.js';
export { ExampleEvents, defaultExampleEvents } from './events.js';

/** Name and version the example server reports. */
export const EXAMPLE_SERVER_INFO = { name: 'rxmcp-example-server', version: '1.0.0' } as const;

/** Options of {@link createExampleServer}; a serving entry's factory context is accepted as is. */
export interface ExampleServerOptions extends Partial<McpRequestContext> {
  /** The shared state; defaults to the process-wide {@link defaultExampleState}. */
  readonly state?: ExampleWorld;
  /**
   * Stateless serving (2026-07-28 behind a load balancer): adds the three-round tool `introduce`, whose
   * `requestState` this codec seals and verifies.
   */
  readonly stateless?: StatelessRounds;
  /**
   * Whether this instance follows changes of the shared state on its own connection (re-registers `bonus`, sends
   * `notifications/resources/updated`). Defaults to true except for per-request HTTP instances (`requestInfo` set),
   * whose serving entry announces changes on its `subscriptions/listen` streams instead.
   */
  readonly follow?: boolean;
  /**
   * The cache hints of its 2026-07-28 cacheable results (`server/discover` and the lists): fresh for this many ms,
   * `public`. Default: none (`ttlMs` 0, nothing may be cached).
   */
  readonly cacheTtlMs?: number;
  /** The skill files it serves (Skills extension); defaults to the process-wide {@link defaultExampleSkills}. */
  readonly skills?: ExampleSkills;
  /** The event sources it serves (Events extension); defaults to the process-wide {@link defaultExampleEvents}. */
  readonly events?: ExampleEvents;
}

/** The value of a `--cache-ttl=<ms>` argument of `args`, if there is one. */
export function cacheTtlArgument(args: readonly string[]): number | undefined {
  const value = args.find((arg) => arg.startsWith('--cache-ttl='))?.slice('--cache-ttl='.length);
  return value === undefined ? undefined : Number(value);
}

function cacheHintsOf(ttlMs: number | undefined) {
  if (ttlMs === undefined) return {};
  const hint = { ttlMs, cacheScope: 'public' as const };
  const methods = ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;
  return { cacheHints: Object.fromEntries(methods.map((method) => [method, hint])) };
}

/**
 * Tracks `resources/subscribe` on a 2025-era connection. On a 2026-07-28 connection there is no such request: the
 * serving entry forwards `notifications/resources/updated` to the `subscriptions/listen` streams that asked for the URI.
 */
function resourceSubscriptions(server: McpServer, modern: boolean): (uri: string) => boolean {
  if (modern) return () => true;
  const uris = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', (request) => {
    uris.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', (request) => {
    uris.delete(request.params.uri);
    return {};
  });
  return (uri) => uris.has(uri);
}

function follow(server: McpServer, state: ExampleWorld, syncBonus: () => void, subscribed: (uri: string) => boolean): void {
  const onChange = (change: ExampleChange): void => {
    if (change.kind === 'tools') syncBonus();
    else if (server.isConnected() && subscribed(change.uri)) {
      server.server
        .sendResourceUpdated({ uri: change.uri })
        .catch((error: unknown) => console.error('resources/updated failed:', error));
    }
  };
  const unsubscribe = state.subscribe(onChange);
  const previous = server.server.onclose;
  server.server.onclose = () => {
    unsubscribe();
    previous?.();
  };
}

/**
 * Builds one instance of the example MCP server: tools `add`, `countdown`, `greet` (elicitation), `summarize`
 * (sampling), `toggle_tool`, `bump`, `big_result` (5 MiB), `flood` (log messages), `edit_skill` and, while enabled, `bonus`; resources
 * `example://readme`, `example://items/{id}` and `example://counter`; prompt `review`; four skills (Skills extension
 * with directory reads, `examples/server/skills.ts`); event types `example.tick` (push and poll) and `example.bounded`
 * (poll, a bounded buffer that truncates; Events extension, `examples/server/events.ts`); an info log message per tool
 * call; with `stateless`, the three-round tool `introduce`. The same factory serves both protocol
 * eras, over stdio (`serveStdio`) or Streamable HTTP (`createMcpHandler`).
 */
export function createExampleServer(options: ExampleServerOptions = {}): McpServer {
  const state = options.state ?? defaultExampleState();
  const server = new McpServer(EXAMPLE_SERVER_INFO, {
    capabilities: {
      logging: {},
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
    },
    instructions: 'An example server for rxmcp: call add, countdown, greet, summarize, toggle_tool, bump, big_result or flood.',
    ...(options.stateless === undefined ? {} : { requestState: { verify: options.stateless.codec.verify } }),
    ...cacheHintsOf(options.cacheTtlMs),
  });
  const syncBonus = registerExampleTools(server, state);
  registerExampleResources(server, state);
  registerExamplePrompts(server);
  registerExampleSkills(server, options.skills ?? defaultExampleSkills());
  registerExampleEvents(server, options.events ?? defaultExampleEvents());
  registerExampleWebhooks(server, options.events ?? defaultExampleEvents());
  if (options.stateless !== undefined) registerIntroduce(server, options.stateless);
  if (options.follow ?? (options.requestInfo === undefined)) {
    follow(server, state, syncBonus, resourceSubscriptions(server, options.era === 'modern'));
  }
  return server;
}


if (isMainModule(import.meta.url)) {
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  const state = defaultExampleState();
  const cacheTtlMs = cacheTtlArgument(process.argv.slice(2));
  // --tasks: the tasks extension's task tool `research` on 2026-07-28 connections (examples/server/stdio-tasks.ts).
  const transport = process.argv.includes('--tasks') ? new (await import('./stdio-tasks.js')).TasksStdioTransport() : undefined;
  serveStdio((context) => createExampleServer({ ...context, state, cacheTtlMs }), {
    onerror: (error) => console.error('example server:', error.message),
    ...(transport === undefined ? {} : { transport }),
  });
}
