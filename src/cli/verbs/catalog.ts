import { lastValueFrom, type Observable } from 'rxjs';
import type { Prompt, Resource, ResourceTemplate, ServerSession, Tool, LoggingLevel } from '../../index.js';
import type { Connection } from '../connection.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../failure.js';
import { LEVELS } from '../options.js';
import { infoText, promptsText, resourcesText, templatesText, toolsText } from '../render.js';
import { firstUnlessInterrupted, lastUnlessInterrupted, type Run } from '../run-context.js';
import type { Styler } from '../style.js';
import { revisionOf } from '../../protocol/revisions.js';
import { allPages } from './pages.js';
import { isCommandTarget } from '../target.js';
import { checkPins, pinnedToolsText } from './pins.js';
import { forRevision } from './shape.js';

function print(run: Run, connection: Connection, value: unknown, lines: () => string[]): number {
  if (run.out.json) run.out.value(forRevision(connection.server(), value));
  else for (const line of lines()) run.out.line(line);
  return EXIT.ok;
}

/**
 * The negotiated server as an `InitializeResult` (legacy) or the `server/discover` result (2026-07-28); with `--cli`
 * or `--format`, as the Inspector gives it in either era: server info, protocol version, capabilities, instructions.
 */
async function infoValue(run: Run, connection: Connection, server: ServerSession): Promise<unknown> {
  if (server.era === 'modern' && run.command.options.inspector === undefined) return firstUnlessInterrupted(run, connection.client.discover());
  return {
    protocolVersion: server.protocolVersion,
    capabilities: server.capabilities,
    serverInfo: server.serverInfo,
    ...(server.instructions === undefined ? {} : { instructions: server.instructions }),
  };
}

/** `info`: who the server is, what it speaks and offers. */
export async function infoVerb(run: Run, connection: Connection, server: ServerSession): Promise<number> {
  const value = run.out.json ? await infoValue(run, connection, server) : undefined;
  const transport = isCommandTarget(connection.target) ? connection.target.kind : (connection.opened.transport as { detected?: string }).detected ?? connection.opened.transport.kind;
  return print(run, connection, value, () => infoText(server, transport, run.out.style));
}

type Listing<T> = {
  readonly method: string;
  readonly key: string;
  readonly page: (connection: Connection, cursor?: string) => Observable<object>;
  readonly text: (items: readonly T[], style: Styler) => string[];
};

const LISTINGS = {
  tools: { method: 'tools/list', key: 'tools', page: (c, cursor) => c.client.listToolsPage(cursor), text: toolsText } satisfies Listing<Tool>,
  resources: { method: 'resources/list', key: 'resources', page: (c, cursor) => c.client.listResourcesPage(cursor), text: resourcesText } satisfies Listing<Resource>,
  templates: { method: 'resources/templates/list', key: 'resourceTemplates', page: (c, cursor) => c.client.listResourceTemplatesPage(cursor), text: templatesText } satisfies Listing<ResourceTemplate>,
  prompts: { method: 'prompts/list', key: 'prompts', page: (c, cursor) => c.client.listPromptsPage(cursor), text: promptsText } satisfies Listing<Prompt>,
} as const;

/** Every item of one listing (all pages), as `{ tools: […] }`-shaped result. */
export function listing(run: Run, connection: Connection, kind: keyof typeof LISTINGS): Promise<Record<string, unknown>> {
  const spec = LISTINGS[kind];
  const page = (cursor?: string) => (spec.page as Listing<unknown>['page'])(connection, cursor) as Observable<Readonly<Record<string, unknown>>>;
  const version = connection.client.server?.protocolVersion;
  return firstUnlessInterrupted(run, allPages(spec.method, page, spec.key, version !== undefined && revisionOf(version).emptyCursorContinues));
}

/** `tools`, `resources`, `templates`, `prompts`: the full list. */
export async function listVerb(run: Run, connection: Connection, kind: keyof typeof LISTINGS): Promise<number> {
  const spec = LISTINGS[kind];
  const result = await listing(run, connection, kind);
  const pins = run.command.options.pins;
  if (kind === 'tools' && pins !== undefined) {
    const tools = result['tools'] as Tool[];
    const check = await checkPins(run.place.cwd, pins, tools);
    return print(run, connection, { ...result, drift: check.drift }, () => pinnedToolsText(tools, check, run.out.style));
  }
  // The Inspector gives a listing as its items alone.
  const value = run.command.options.inspector === undefined ? result : { [spec.key]: result[spec.key] };
  return print(run, connection, value, () => (spec.text as (items: readonly unknown[], style: Styler) => string[])(result[spec.key] as unknown[], run.out.style));
}

const empty = (server: ServerSession): Record<string, unknown> => (server.era === 'modern' ? { resultType: 'complete' } : {});

/** `ping`: one round trip (`ping`, or `server/discover` on 2026-07-28, which has no ping), with its time. */
export async function pingVerb(run: Run, connection: Connection, server: ServerSession): Promise<number> {
  const started = performance.now();
  if (server.era === 'modern') await firstUnlessInterrupted(run, connection.client.discover());
  else await lastUnlessInterrupted(run, connection.client.ping(), undefined);
  const ms = Math.round(performance.now() - started);
  return print(run, connection, empty(server), () => [`pong ${run.out.style('dim', `${ms} ms (${server.era === 'modern' ? 'server/discover' : 'ping'})`)}`]);
}

/** `--method logging/setLevel`: sets the server's log level (on 2026-07-28 it travels with each request instead). */
export async function setLevelVerb(run: Run, connection: Connection, server: ServerSession, level: string | undefined): Promise<number> {
  if (level === undefined || !(LEVELS as readonly string[]).includes(level)) {
    throw new UsageError(`set-level takes one of ${LEVELS.join(', ')}, not ${level === undefined ? 'nothing' : JSON.stringify(level)}`);
  }
  await lastValueFrom(connection.client.setLoggingLevel(level as LoggingLevel), { defaultValue: undefined });
  return print(run, connection, empty(server), () => [`log level ${level}`]);
}
