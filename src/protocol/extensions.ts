import { buildEventsExtensionSchemas } from './ext-events/schemas.js';
import { buildSkillsExtensionSchemas } from './ext-skills/schemas.js';
import { buildTasksExtensionSchemas } from './ext-tasks/schemas.js';
import type { MethodSpec, MethodTable } from './method-spec.js';
import { EVENTS_EXTENSION } from './model/events.js';
import { SKILLS_EXTENSION } from './model/skills.js';
import { TASKS_EXTENSION } from './model/tasks-extension.js';
import { REVISION_REGISTRY } from './revision-registry.js';
import { schemasFor } from './revision-schemas.js';
import type { ExtensionSchemas } from './schema-types.js';
import { memoizeBy } from './shapes/context.js';
import type { ProtocolVersion } from './versions.js';

/**
 * Extensions rxmcp knows, by name. An extension's methods are not in any revision's core method table: a server
 * offers them by listing the extension under `capabilities.extensions` (2026-07-28 `server/discover`), and the
 * client enables them per request by listing it in its own capabilities. Methods of extensions not registered
 * here remain reachable through `client.request`.
 */
export interface ExtensionSpec {
  /** The identifier listed under `capabilities.extensions`. */
  readonly name: string;
  /** The revisions whose servers may offer it (the registry entries that list it). */
  readonly revisions: readonly ProtocolVersion[];
  /** The methods it adds, described as the core tables describe theirs (`extension` set to `name`). */
  readonly methods: MethodTable;
  /** `resultType`s core requests may answer with once the request enables the extension, by method. */
  readonly resultTypes: Readonly<Record<string, readonly string[]>>;
  /** Its received schemas for `version`, built on first use. */
  schemas(version: ProtocolVersion): ExtensionSchemas;
}

/** The revisions whose registry entry lists extension `name`. */
function offeredBy(name: string): readonly ProtocolVersion[] {
  return REVISION_REGISTRY.filter((entry) => (entry.extensions as readonly string[]).includes(name)).map((entry) => entry.version);
}

const DECLARED: readonly string[] = ['extensions', TASKS_EXTENSION];

/** A client request of `extension`, sent only once the server declares `serverCapability`. */
const toServer = (extension: string, serverCapability: readonly string[], paginated?: true): MethodSpec =>
  paginated ? { kind: 'request', direction: 'client-to-server', serverCapability, extension, paginated } : { kind: 'request', direction: 'client-to-server', serverCapability, extension };

const tasksSchemas = memoizeBy((version: ProtocolVersion) => buildTasksExtensionSchemas(schemasFor(version).kits.receive));

/** `io.modelcontextprotocol/tasks` (2026-07-28): `tasks/get`, `tasks/update`, `tasks/cancel`, `notifications/tasks`. */
const TASKS: ExtensionSpec = {
  name: TASKS_EXTENSION,
  revisions: offeredBy(TASKS_EXTENSION),
  methods: {
    'tasks/get': toServer(TASKS_EXTENSION, DECLARED),
    'tasks/update': toServer(TASKS_EXTENSION, DECLARED),
    'tasks/cancel': toServer(TASKS_EXTENSION, DECLARED),
    'notifications/tasks': { kind: 'notification', direction: 'server-to-client', serverCapability: DECLARED, extension: TASKS_EXTENSION },
  },
  resultTypes: { 'tools/call': ['task'] },
  schemas: tasksSchemas,
};

const skillsSchemas = memoizeBy((version: ProtocolVersion) => buildSkillsExtensionSchemas(schemasFor(version)));
const SKILLS_DECLARED: readonly string[] = ['extensions', SKILLS_EXTENSION];

/**
 * `io.modelcontextprotocol/skills` (SEP-2640, 2026-07-28): `skills/list`, `skills/get`, and
 * `resources/directory/read` when the server declares `directoryRead: true`. Skill files are read with `resources/read`.
 */
const SKILLS: ExtensionSpec = {
  name: SKILLS_EXTENSION,
  revisions: offeredBy(SKILLS_EXTENSION),
  methods: {
    'skills/list': toServer(SKILLS_EXTENSION, SKILLS_DECLARED, true),
    'skills/get': toServer(SKILLS_EXTENSION, SKILLS_DECLARED),
    'resources/directory/read': toServer(SKILLS_EXTENSION, [...SKILLS_DECLARED, 'directoryRead'], true),
  },
  resultTypes: {},
  schemas: skillsSchemas,
};

const eventsSchemas = memoizeBy((version: ProtocolVersion) => buildEventsExtensionSchemas(schemasFor(version).kits.receive));
const EVENTS_DECLARED: readonly string[] = ['extensions', EVENTS_EXTENSION];
const eventNotification = (): MethodSpec => ({ kind: 'notification', direction: 'server-to-client', serverCapability: EVENTS_DECLARED, extension: EVENTS_EXTENSION });

/**
 * `io.modelcontextprotocol/events` (SEP-3415, 2026-07-28): `events/list`, `events/poll`, `events/stream` and the push
 * notifications. Webhook delivery (`events/subscribe`, `events/unsubscribe`) has no verb: `client.request` sends it.
 */
const EVENTS: ExtensionSpec = {
  name: EVENTS_EXTENSION,
  revisions: offeredBy(EVENTS_EXTENSION),
  methods: {
    'events/list': toServer(EVENTS_EXTENSION, EVENTS_DECLARED, true),
    'events/poll': toServer(EVENTS_EXTENSION, EVENTS_DECLARED),
    'events/stream': toServer(EVENTS_EXTENSION, EVENTS_DECLARED),
    'notifications/events/active': eventNotification(),
    'notifications/events/event': eventNotification(),
    'notifications/events/error': eventNotification(),
    'notifications/events/heartbeat': eventNotification(),
    'notifications/events/terminated': eventNotification(),
    'notifications/events/list_changed': eventNotification(),
  },
  resultTypes: {},
  schemas: eventsSchemas,
};

const EXTENSIONS: Readonly<Record<string, ExtensionSpec>> = { [TASKS_EXTENSION]: TASKS, [SKILLS_EXTENSION]: SKILLS, [EVENTS_EXTENSION]: EVENTS };

/** The registered extension named `name`. */
export function extensionSpec(name: string): ExtensionSpec | undefined {
  return Object.hasOwn(EXTENSIONS, name) ? EXTENSIONS[name] : undefined;
}

/** The registered extensions a server of `version` may offer. */
export function extensionsFor(version: ProtocolVersion): readonly ExtensionSpec[] {
  return Object.values(EXTENSIONS).filter((extension) => extension.revisions.includes(version));
}

/** The registered extension of `version` that defines `method`, with what it says about it. */
export function extensionMethod(version: ProtocolVersion, method: string): { readonly extension: ExtensionSpec; readonly spec: MethodSpec } | undefined {
  for (const extension of extensionsFor(version)) {
    if (Object.hasOwn(extension.methods, method)) return { extension, spec: extension.methods[method] as MethodSpec };
  }
  return undefined;
}

/** The registered extension of `version` that lets core request `method` answer with `resultType`, if any. */
export function extensionOfResultType(version: ProtocolVersion, method: string, resultType: string): ExtensionSpec | undefined {
  return extensionsFor(version).find((extension) => extension.resultTypes[method]?.includes(resultType));
}
