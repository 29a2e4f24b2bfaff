import * as z from 'zod/mini';
import type { ExtensionSchemas } from '../schema-types.js';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/**
 * Received shapes of the Events extension `io.modelcontextprotocol/events` (SEP-3415, the beta specification of
 * modelcontextprotocol/ext-events): the event types of `events/list` (`name`, non-empty `delivery`, `inputSchema`,
 * `payloadSchema`), the `events/poll` answer (`events`, `cursor`, `truncated`, `hasMore`, `nextPollMs`), the empty
 * result that ends an `events/stream`, and the push notifications (`active`, `event`, `error`, `heartbeat`,
 * `terminated`, `list_changed`). An absent `cursor` means `null`. Other members are kept as they came.
 */
export function buildEventsExtensionSchemas(receive: Kit): ExtensionSchemas {
  const o = z.looseObject;
  const meta = opt(receive.base.NotificationMetaSchema);
  const cursor = opt(z.nullable(z.string()));
  const schema = receive.base.JsonObjectSchema;
  const EventTypeSchema = o({
    name: z.string(),
    delivery: z.array(z.string()).check(z.minLength(1)),
    inputSchema: schema,
    payloadSchema: schema,
  });
  const Occurrence = o({ eventId: z.string(), name: z.string(), timestamp: z.string(), data: schema, cursor, _meta: meta });
  const ErrorParams = o({ error: o({ code: z.number(), message: z.string() }), _meta: meta });
  const Position = o({ cursor, truncated: opt(z.boolean()), _meta: meta });
  return {
    results: {
      'events/list': o({ events: z.array(EventTypeSchema) }),
      'events/poll': o({ events: z.array(Occurrence), cursor, truncated: opt(z.boolean()), hasMore: opt(z.boolean()), nextPollMs: opt(z.number()) }),
      'events/stream': o({}),
    },
    notifications: {
      'notifications/events/active': Position,
      'notifications/events/heartbeat': Position,
      'notifications/events/event': Occurrence,
      'notifications/events/error': ErrorParams,
      'notifications/events/terminated': ErrorParams,
      'notifications/events/list_changed': o({ _meta: meta }),
    },
    resultTypes: {},
  };
}
