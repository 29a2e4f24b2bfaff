import type { MethodTable } from '../method-spec.js';
import type { LegacyProtocolVersion } from '../versions.js';

/** The methods of revisions 2024-11-05 and 2025-03-26 (which differ in capabilities, not in methods). */
const BASE: MethodTable = {
  initialize: { kind: 'request', direction: 'client-to-server' },
  ping: { kind: 'request', direction: 'both' },
  'tools/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['tools'], paginated: true },
  'tools/call': { kind: 'request', direction: 'client-to-server', serverCapability: ['tools'] },
  'resources/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['resources'], paginated: true },
  'resources/templates/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['resources'], paginated: true },
  'resources/read': { kind: 'request', direction: 'client-to-server', serverCapability: ['resources'] },
  'resources/subscribe': { kind: 'request', direction: 'client-to-server', serverCapability: ['resources', 'subscribe'] },
  'resources/unsubscribe': { kind: 'request', direction: 'client-to-server', serverCapability: ['resources', 'subscribe'] },
  'prompts/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['prompts'], paginated: true },
  'prompts/get': { kind: 'request', direction: 'client-to-server', serverCapability: ['prompts'] },
  'completion/complete': { kind: 'request', direction: 'client-to-server' },
  'logging/setLevel': { kind: 'request', direction: 'client-to-server', serverCapability: ['logging'] },
  'sampling/createMessage': { kind: 'request', direction: 'server-to-client', clientCapability: ['sampling'] },
  'roots/list': { kind: 'request', direction: 'server-to-client', clientCapability: ['roots'] },
  'notifications/initialized': { kind: 'notification', direction: 'client-to-server' },
  'notifications/cancelled': { kind: 'notification', direction: 'both' },
  'notifications/progress': { kind: 'notification', direction: 'both' },
  'notifications/message': { kind: 'notification', direction: 'server-to-client', serverCapability: ['logging'] },
  'notifications/resources/updated': { kind: 'notification', direction: 'server-to-client', serverCapability: ['resources', 'subscribe'] },
  'notifications/resources/list_changed': {
    kind: 'notification',
    direction: 'server-to-client',
    serverCapability: ['resources', 'listChanged'],
  },
  'notifications/tools/list_changed': { kind: 'notification', direction: 'server-to-client', serverCapability: ['tools', 'listChanged'] },
  'notifications/prompts/list_changed': {
    kind: 'notification',
    direction: 'server-to-client',
    serverCapability: ['prompts', 'listChanged'],
  },
  'notifications/roots/list_changed': { kind: 'notification', direction: 'client-to-server', clientCapability: ['roots', 'listChanged'] },
};

/** 2025-03-26 adds the `completions` server capability that gates `completion/complete`. */
const METHODS_2025_03_26: MethodTable = {
  ...BASE,
  'completion/complete': { kind: 'request', direction: 'client-to-server', serverCapability: ['completions'] },
};

/** 2025-06-18 adds form elicitation. */
const METHODS_2025_06_18: MethodTable = {
  ...METHODS_2025_03_26,
  'elicitation/create': { kind: 'request', direction: 'server-to-client', clientCapability: ['elicitation'] },
};

/** 2025-11-25 adds URL elicitation completion and the experimental core tasks. */
const METHODS_2025_11_25: MethodTable = {
  ...METHODS_2025_06_18,
  'tasks/get': { kind: 'request', direction: 'both' },
  'tasks/result': { kind: 'request', direction: 'both' },
  'tasks/list': {
    kind: 'request',
    direction: 'both',
    serverCapability: ['tasks', 'list'],
    clientCapability: ['tasks', 'list'],
    paginated: true,
  },
  'tasks/cancel': { kind: 'request', direction: 'both', serverCapability: ['tasks', 'cancel'], clientCapability: ['tasks', 'cancel'] },
  'notifications/elicitation/complete': { kind: 'notification', direction: 'server-to-client' },
  'notifications/tasks/status': { kind: 'notification', direction: 'both' },
};

/** The method table of each handshake revision. */
export const LEGACY_METHODS: Readonly<Record<LegacyProtocolVersion, MethodTable>> = {
  '2024-11-05': BASE,
  '2025-03-26': METHODS_2025_03_26,
  '2025-06-18': METHODS_2025_06_18,
  '2025-11-25': METHODS_2025_11_25,
};
