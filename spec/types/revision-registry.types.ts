// Type-level checks (run by `npm run typecheck`, never executed): the public revision types and the typed server
// notifications are what they were spelled as before they were derived from the revision registry.
import type { LoggingMessageNotificationParams, ProtocolVersion } from '../../src/index.js';
import type { LegacyProtocolVersion, ModernProtocolVersion } from '../../src/protocol/index.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/index.js';
import type { ServerNotificationMethod, ServerNotificationParamsOf, ServerNotifications } from '../../src/protocol/model.js';
import type { SubscriptionsAcknowledgedNotificationParams } from '../../src/protocol/model/subscriptions.js';
import type { TaskStatusNotificationParams } from '../../src/protocol/model/tasks.js';

/** True when `A` and `B` are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(check: Same<A, B>): Same<A, B> => check;

export const versions = same<ProtocolVersion, '2026-07-28' | '2025-11-25' | '2025-06-18' | '2025-03-26' | '2024-11-05'>(true);
export const modern = same<ModernProtocolVersion, '2026-07-28'>(true);
export const legacy = same<LegacyProtocolVersion, '2025-11-25' | '2025-06-18' | '2025-03-26' | '2024-11-05'>(true);
export const supported = same<typeof SUPPORTED_PROTOCOL_VERSIONS, readonly ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']>(true);
export const latest = same<typeof LATEST_PROTOCOL_VERSION, ModernProtocolVersion>(true);
// @ts-expect-error a legacy revision is not the latest
export const notLatest: typeof LATEST_PROTOCOL_VERSION = '2025-11-25';

export const methods = same<
  ServerNotificationMethod,
  | 'notifications/cancelled' | 'notifications/progress' | 'notifications/message' | 'notifications/resources/updated'
  | 'notifications/resources/list_changed' | 'notifications/tools/list_changed' | 'notifications/prompts/list_changed'
  | 'notifications/elicitation/complete' | 'notifications/tasks/status' | 'notifications/subscriptions/acknowledged'
>(true);
export const log = same<ServerNotifications['notifications/message'], LoggingMessageNotificationParams>(true);
export const status = same<ServerNotificationParamsOf<'notifications/tasks/status'>, TaskStatusNotificationParams>(true);
export const acknowledged = same<ServerNotifications['notifications/subscriptions/acknowledged'], SubscriptionsAcknowledgedNotificationParams>(true);
// @ts-expect-error the registry's params types are kept: a log message is not an acknowledgement
export const wrong = same<ServerNotifications['notifications/message'], SubscriptionsAcknowledgedNotificationParams>(true);
