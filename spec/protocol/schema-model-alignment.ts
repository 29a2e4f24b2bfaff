/**
 * Compile-time checks (run by `tsc -p tsconfig.spec.json`): what the received schemas produce, once the codec
 * adds `resultType`, is assignable to the revision-neutral model types that `decodeResult`,
 * `decodeServerRequest` and `decodeNotification` promise; and the model's params are what the sent schemas
 * accept. A mismatch fails the typecheck.
 */
import type * as z from 'zod/mini';
import type { ClientCapabilities, ServerCapabilities } from '../../src/protocol/model/capabilities.js';
import type { CompleteResult } from '../../src/protocol/model/completion.js';
import type { ContentBlock, SamplingContentBlock } from '../../src/protocol/model/content.js';
import type { ElicitRequestFormParams, ElicitRequestUrlParams, ElicitResult } from '../../src/protocol/model/elicitation.js';
import type { DiscoverResult, InitializeResult } from '../../src/protocol/model/lifecycle.js';
import type { InputRequest } from '../../src/protocol/model/mrtr.js';
import type { LoggingMessageNotificationParams, ProgressNotificationParams } from '../../src/protocol/model/notifications.js';
import type { GetPromptResult, ListPromptsResult } from '../../src/protocol/model/prompts.js';
import type { ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult } from '../../src/protocol/model/resources.js';
import type { ListRootsResult } from '../../src/protocol/model/roots.js';
import type { CreateMessageRequestParams, CreateMessageResult } from '../../src/protocol/model/sampling.js';
import type { SubscriptionsListenResult } from '../../src/protocol/model/subscriptions.js';
import type { Task } from '../../src/protocol/model/tasks.js';
import type { CallToolResult, ListToolsResult, Tool } from '../../src/protocol/model/tools.js';
import type { buildInitializeResult } from '../../src/protocol/rev-2025-11-25/lifecycle.js';
import type { buildTask } from '../../src/protocol/rev-2025-11-25/tasks.js';
import type { buildDiscoveryResults } from '../../src/protocol/rev-2026-07-28/discovery.js';
import type { buildResults } from '../../src/protocol/rev-2026-07-28/schemas.js';
import type { ClientRequestMethod, ClientRequests } from '../../src/protocol/model/maps.js';
import type { buildInputRequired } from '../../src/protocol/rev-2026-07-28/mrtr.js';
import type { Kit } from '../../src/protocol/shapes/kit.js';
import type { buildSharedServerNotifications } from '../../src/protocol/shapes/notifications.js';
import type { SharedResultShapes } from '../../src/protocol/shapes/results.js';

type Assignable<A, B> = [A] extends [B] ? true : false;
/** The model without `readonly`: sent schemas are typed with mutable arrays, which readonly ones do not fit. */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Sendable<M, S> = Assignable<Writable<M>, z.input<S>>;
type Out<S> = z.output<S>;
type Complete<S> = Out<S> & { readonly resultType: 'complete' };
type Notifications = ReturnType<typeof buildSharedServerNotifications>;
type Discovery = ReturnType<typeof buildDiscoveryResults>;

/** Every entry must be `true`: the typecheck fails otherwise. */
export const SCHEMA_MODEL_ALIGNMENT: Record<string, true> = {
  tool: true as Assignable<Out<Kit['listing']['ToolSchema']>, Tool>,
  contentBlock: true as Assignable<Out<Kit['content']['ContentBlockSchema']>, ContentBlock>,
  samplingBlock: true as Assignable<Out<Kit['content']['SamplingContentBlockSchema']>, SamplingContentBlock>,
  listTools: true as Assignable<Complete<SharedResultShapes['tools/list']>, ListToolsResult>,
  callTool: true as Assignable<Complete<SharedResultShapes['tools/call']>, CallToolResult>,
  listResources: true as Assignable<Complete<SharedResultShapes['resources/list']>, ListResourcesResult>,
  listTemplates: true as Assignable<Complete<SharedResultShapes['resources/templates/list']>, ListResourceTemplatesResult>,
  readResource: true as Assignable<Complete<SharedResultShapes['resources/read']>, ReadResourceResult>,
  listPrompts: true as Assignable<Complete<SharedResultShapes['prompts/list']>, ListPromptsResult>,
  getPrompt: true as Assignable<Complete<SharedResultShapes['prompts/get']>, GetPromptResult>,
  complete: true as Assignable<Complete<SharedResultShapes['completion/complete']>, CompleteResult>,
  initialize: true as Assignable<Complete<ReturnType<typeof buildInitializeResult>>, InitializeResult>,
  discover: true as Assignable<Complete<Discovery['server/discover']>, DiscoverResult>,
  listen: true as Assignable<Complete<Discovery['subscriptions/listen']>, SubscriptionsListenResult>,
  inputRequest: true as Assignable<Out<ReturnType<typeof buildInputRequired>['InputRequestSchema']>, InputRequest>,
  serverCapabilities: true as Assignable<Out<Kit['capabilities']['ServerCapabilitiesSchema']>, ServerCapabilities>,
  clientCapabilities: true as Sendable<ClientCapabilities, Kit['capabilities']['ClientCapabilitiesSchema']>,
  createMessageParams: true as Assignable<Out<Kit['features']['CreateMessageRequestParamsSchema']>, CreateMessageRequestParams>,
  elicitForm: true as Assignable<Out<Kit['features']['ElicitRequestFormParamsSchema']>, ElicitRequestFormParams>,
  elicitUrl: true as Assignable<Out<Kit['features']['ElicitRequestUrlParamsSchema']>, ElicitRequestUrlParams>,
  createMessageResult: true as Sendable<CreateMessageResult, Kit['features']['CreateMessageResultSchema']>,
  elicitResult: true as Sendable<ElicitResult, Kit['features']['ElicitResultSchema']>,
  listRootsResult: true as Sendable<ListRootsResult, Kit['features']['ListRootsResultSchema']>,
  progress: true as Assignable<Out<Notifications['notifications/progress']>, ProgressNotificationParams>,
  message: true as Assignable<Out<Notifications['notifications/message']>, LoggingMessageNotificationParams>,
  task: true as Assignable<Out<z.ZodMiniObject<ReturnType<typeof buildTask>>>, Task>,
};

type ModernResults = ReturnType<typeof buildResults>;
/** Whether each 2026-07-28 result schema fits its method's result in `ClientRequests` (a new verb's too). */
type ResultAlignment = { [M in keyof ModernResults & ClientRequestMethod]: Assignable<Complete<ModernResults[M]>, ClientRequests[M]['result']> };

/** `true` when every 2026-07-28 result schema fits its method's result: a request added there is checked by itself. */
export const MODERN_RESULTS_ALIGN: false extends ResultAlignment[keyof ResultAlignment] ? false : true = true;
