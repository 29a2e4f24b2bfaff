import type { MethodTable } from '../method-spec.js';

/**
 * The methods of revision 2026-07-28. `initialize`, `ping`, `logging/setLevel`, `resources/subscribe`,
 * `resources/unsubscribe`, `notifications/initialized`, `notifications/roots/list_changed`,
 * `notifications/elicitation/complete` and the core `tasks/*` are gone; `server/discover` and
 * `subscriptions/listen` are new; server→client requests arrive as input requests.
 */
export const METHODS_2026_07_28: MethodTable = {
  'server/discover': { kind: 'request', direction: 'client-to-server', cacheable: true },
  'tools/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['tools'], paginated: true, cacheable: true },
  'tools/call': { kind: 'request', direction: 'client-to-server', serverCapability: ['tools'], mayRequireInput: true },
  'resources/list': {
    kind: 'request',
    direction: 'client-to-server',
    serverCapability: ['resources'],
    paginated: true,
    cacheable: true,
  },
  'resources/templates/list': {
    kind: 'request',
    direction: 'client-to-server',
    serverCapability: ['resources'],
    paginated: true,
    cacheable: true,
  },
  'resources/read': {
    kind: 'request',
    direction: 'client-to-server',
    serverCapability: ['resources'],
    mayRequireInput: true,
    cacheable: true,
  },
  'prompts/list': { kind: 'request', direction: 'client-to-server', serverCapability: ['prompts'], paginated: true, cacheable: true },
  'prompts/get': { kind: 'request', direction: 'client-to-server', serverCapability: ['prompts'], mayRequireInput: true },
  'completion/complete': { kind: 'request', direction: 'client-to-server', serverCapability: ['completions'] },
  'subscriptions/listen': { kind: 'request', direction: 'client-to-server' },
  'sampling/createMessage': {
    kind: 'request',
    direction: 'server-to-client',
    clientCapability: ['sampling'],
    inputRequest: true,
    deprecated: true,
  },
  'elicitation/create': { kind: 'request', direction: 'server-to-client', clientCapability: ['elicitation'], inputRequest: true },
  'roots/list': { kind: 'request', direction: 'server-to-client', clientCapability: ['roots'], inputRequest: true, deprecated: true },
  'notifications/cancelled': { kind: 'notification', direction: 'both' },
  'notifications/progress': { kind: 'notification', direction: 'server-to-client' },
  'notifications/message': { kind: 'notification', direction: 'server-to-client', serverCapability: ['logging'], deprecated: true },
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
  'notifications/subscriptions/acknowledged': { kind: 'notification', direction: 'server-to-client' },
};
