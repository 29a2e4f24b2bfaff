// The revision registry: every MCP revision rxmcp speaks, newest first, as data. The version types and the latest
// revisions (`versions.ts`), the method tables (`revisions.ts`), the extensions a server may offer
// (`extensions.ts`) and the typed server notifications (`model/maps.ts`) are all derived from it. A new revision is
// one entry here plus its schema folder (bound in `revisions.ts`).
import type { MethodSpec, MethodTable } from './method-spec.js';
import type { ElicitationCompleteNotificationParams, CancelledNotificationParams, ListChangedNotificationParams, LoggingMessageNotificationParams, ProgressNotificationParams } from './model/notifications.js';
import type { ResourceUpdatedNotificationParams } from './model/resources.js';
import type { SubscriptionsAcknowledgedNotificationParams } from './model/subscriptions.js';
import { EVENTS_EXTENSION } from './model/events.js';
import { SKILLS_EXTENSION } from './model/skills.js';
import { TASKS_EXTENSION } from './model/tasks-extension.js';
import type { TaskStatusNotificationParams } from './model/tasks.js';
import { LEGACY_TRAITS, MODERN_TRAITS, type ProtocolEra, type RevisionTraits } from './revision-traits.js';

/** How a revision's methods differ from those of the revision before it (the oldest one adds all of its own). */
export interface MethodChanges {
  /** Methods it adds, or whose spec it replaces whole. */
  readonly add?: MethodTable;
  /** Fields it changes in a method it keeps. */
  readonly change?: Readonly<Record<string, Partial<MethodSpec>>>;
  /** Methods it removes. */
  readonly drop?: readonly string[];
}

/** One entry of the registry. */
export interface RevisionEntry extends RevisionTraits {
  /** The revision's date, `YYYY-MM-DD`. */
  readonly version: string;
  /** `modern` for the stateless revisions (2026-07-28 and later), `legacy` for the handshake ones. */
  readonly era: ProtocolEra;
  /** Its methods, as the difference from the next older entry. */
  readonly methods: MethodChanges;
  /** The extensions (`capabilities.extensions` names) a server of this revision may offer. */
  readonly extensions: readonly string[];
  /**
   * The server notifications this revision adds, with their params types (`typed<T>()` carries the type; at run
   * time only the names count). `ServerNotifications` is every entry's map together.
   */
  readonly notifications: Readonly<Record<string, unknown>>;
}

/** Carries a notification's params type in a registry entry; `undefined` at run time. */
const typed = <T>(): T => undefined as T;

const request = (spec: Omit<MethodSpec, 'kind'>): MethodSpec => ({ kind: 'request', ...spec });
const notification = (spec: Omit<MethodSpec, 'kind'>): MethodSpec => ({ kind: 'notification', ...spec });
const toServer = (serverCapability?: readonly string[], extra: Partial<MethodSpec> = {}): MethodSpec =>
  request({ direction: 'client-to-server', ...(serverCapability ? { serverCapability } : {}), ...extra });
const fromServer = (serverCapability?: readonly string[]): MethodSpec =>
  notification({ direction: 'server-to-client', ...(serverCapability ? { serverCapability } : {}) });

const METHODS_2024_11_05: MethodTable = {
  initialize: toServer(),
  ping: request({ direction: 'both' }),
  'tools/list': toServer(['tools'], { paginated: true }),
  'tools/call': toServer(['tools']),
  'resources/list': toServer(['resources'], { paginated: true }),
  'resources/templates/list': toServer(['resources'], { paginated: true }),
  'resources/read': toServer(['resources']),
  'resources/subscribe': toServer(['resources', 'subscribe']),
  'resources/unsubscribe': toServer(['resources', 'subscribe']),
  'prompts/list': toServer(['prompts'], { paginated: true }),
  'prompts/get': toServer(['prompts']),
  'completion/complete': toServer(),
  'logging/setLevel': toServer(['logging']),
  'sampling/createMessage': request({ direction: 'server-to-client', clientCapability: ['sampling'] }),
  'roots/list': request({ direction: 'server-to-client', clientCapability: ['roots'] }),
  'notifications/initialized': notification({ direction: 'client-to-server' }),
  'notifications/cancelled': notification({ direction: 'both' }),
  'notifications/progress': notification({ direction: 'both' }),
  'notifications/message': fromServer(['logging']),
  'notifications/resources/updated': fromServer(['resources', 'subscribe']),
  'notifications/resources/list_changed': fromServer(['resources', 'listChanged']),
  'notifications/tools/list_changed': fromServer(['tools', 'listChanged']),
  'notifications/prompts/list_changed': fromServer(['prompts', 'listChanged']),
  'notifications/roots/list_changed': notification({ direction: 'client-to-server', clientCapability: ['roots', 'listChanged'] }),
};

const METHODS_2025_11_25: MethodChanges = {
  add: {
    'tasks/get': request({ direction: 'both' }),
    'tasks/result': request({ direction: 'both' }),
    'tasks/list': request({ direction: 'both', serverCapability: ['tasks', 'list'], clientCapability: ['tasks', 'list'], paginated: true }),
    'tasks/cancel': request({ direction: 'both', serverCapability: ['tasks', 'cancel'], clientCapability: ['tasks', 'cancel'] }),
    'notifications/elicitation/complete': fromServer(),
    'notifications/tasks/status': notification({ direction: 'both' }),
  },
};

const METHODS_2026_07_28: MethodChanges = {
  add: { 'server/discover': toServer(undefined, { cacheable: true }), 'subscriptions/listen': toServer(), 'notifications/subscriptions/acknowledged': fromServer() },
  change: {
    'tools/list': { cacheable: true },
    'tools/call': { mayRequireInput: true },
    'resources/list': { cacheable: true },
    'resources/templates/list': { cacheable: true },
    'resources/read': { mayRequireInput: true, cacheable: true },
    'prompts/list': { cacheable: true },
    'prompts/get': { mayRequireInput: true },
    'sampling/createMessage': { inputRequest: true, deprecated: true },
    'elicitation/create': { inputRequest: true },
    'roots/list': { inputRequest: true, deprecated: true },
    'notifications/progress': { direction: 'server-to-client' },
    'notifications/message': { deprecated: true },
  },
  drop: [
    'initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'notifications/initialized',
    'notifications/roots/list_changed', 'notifications/elicitation/complete', 'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel',
    'notifications/tasks/status',
  ],
};

/** Every revision rxmcp speaks, newest first. */
export const REVISION_REGISTRY = [
  {
    version: '2026-07-28',
    era: 'modern',
    ...MODERN_TRAITS,
    methods: METHODS_2026_07_28,
    extensions: [TASKS_EXTENSION, SKILLS_EXTENSION, EVENTS_EXTENSION],
    notifications: { 'notifications/subscriptions/acknowledged': typed<SubscriptionsAcknowledgedNotificationParams>() },
  },
  {
    version: '2025-11-25',
    era: 'legacy',
    ...LEGACY_TRAITS,
    httpHeaders: 'version',
    capabilities: { ...LEGACY_TRAITS.capabilities, elicitation: true, elicitationModes: true, samplingTools: true, tasks: true },
    methods: METHODS_2025_11_25,
    extensions: [],
    notifications: {
      'notifications/elicitation/complete': typed<ElicitationCompleteNotificationParams>(),
      'notifications/tasks/status': typed<TaskStatusNotificationParams>(),
    },
  },
  {
    version: '2025-06-18',
    era: 'legacy',
    ...LEGACY_TRAITS,
    httpHeaders: 'version',
    capabilities: { ...LEGACY_TRAITS.capabilities, elicitation: true },
    methods: { add: { 'elicitation/create': request({ direction: 'server-to-client', clientCapability: ['elicitation'] }) } },
    extensions: [],
    notifications: {},
  },
  {
    version: '2025-03-26',
    era: 'legacy',
    ...LEGACY_TRAITS,
    methods: { change: { 'completion/complete': { serverCapability: ['completions'] } } },
    extensions: [],
    notifications: {},
  },
  {
    version: '2024-11-05',
    era: 'legacy',
    ...LEGACY_TRAITS,
    methods: { add: METHODS_2024_11_05 },
    extensions: [],
    notifications: {
      'notifications/cancelled': typed<CancelledNotificationParams>(),
      'notifications/progress': typed<ProgressNotificationParams>(),
      'notifications/message': typed<LoggingMessageNotificationParams>(),
      'notifications/resources/updated': typed<ResourceUpdatedNotificationParams>(),
      'notifications/resources/list_changed': typed<ListChangedNotificationParams>(),
      'notifications/tools/list_changed': typed<ListChangedNotificationParams>(),
      'notifications/prompts/list_changed': typed<ListChangedNotificationParams>(),
    },
  },
] as const satisfies readonly RevisionEntry[];

type Entries = typeof REVISION_REGISTRY;
type Entry = Entries[number];
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The versions of registry entries `T`, in their order. */
export type VersionsOf<T extends readonly { readonly version: string }[]> = { readonly [K in keyof T]: T[K] extends { readonly version: infer V } ? V : never };

/** A revision of the registry. */
export type RegistryVersion = Entry['version'];

/** A revision of the registry's modern (stateless) era. */
export type RegistryModernVersion = Extract<Entry, { readonly era: 'modern' }>['version'];

/** The newest revision of the registry. */
export type RegistryLatestVersion = Entries[0]['version'];

/** Every typed server notification of every revision, by method: the registry entries' `notifications` together. */
export type RegistryNotifications = Intersection<Entry['notifications']>;
