import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/** Builds the 2025-11-25 `Task` shape in the kit's direction. */
export function buildTask(kit: Kit) {
  return {
    taskId: z.string(),
    status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
    statusMessage: opt(z.string()),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    ttl: z.nullable(z.number()),
    pollInterval: opt(z.number()),
    _meta: opt(kit.base.MetaSchema),
  };
}

/** Builds the received side of the 2025-11-25 core tasks: results, server requests and notifications. */
export function buildReceivedTasks(receive: Kit) {
  const o = z.looseObject;
  const task = buildTask(receive);
  const TaskRequestParamsSchema = o({ _meta: opt(receive.base.MetaSchema), taskId: z.string() });
  return {
    results: {
      'tasks/get': o({ ...task, _meta: opt(receive.base.ResultMetaSchema) }),
      'tasks/result': o({ _meta: opt(receive.base.ResultMetaSchema) }),
      'tasks/list': o({ _meta: opt(receive.base.ResultMetaSchema), tasks: z.array(o(task)), nextCursor: opt(z.string()) }),
      'tasks/cancel': o({ ...task, _meta: opt(receive.base.ResultMetaSchema) }),
    },
    CreateTaskResultSchema: o({ _meta: opt(receive.base.ResultMetaSchema), task: o(task) }),
    serverRequests: {
      'tasks/get': TaskRequestParamsSchema,
      'tasks/result': TaskRequestParamsSchema,
      'tasks/list': o({ _meta: opt(receive.base.MetaSchema), cursor: opt(z.string()) }),
      'tasks/cancel': TaskRequestParamsSchema,
    },
    serverNotifications: { 'notifications/tasks/status': o({ ...task, _meta: opt(receive.base.NotificationMetaSchema) }) },
  };
}

/** Builds the sent side of the 2025-11-25 core tasks: request params, results and the status notification. */
export function buildSentTasks(send: Kit, meta: z.ZodMiniType) {
  const o = send.ctx.object;
  const TaskSchema = o(buildTask(send));
  const TaskRequestParamsSchema = o({ _meta: meta, taskId: z.string() });
  return {
    clientRequests: {
      'tasks/get': TaskRequestParamsSchema,
      'tasks/result': TaskRequestParamsSchema,
      'tasks/list': opt(o({ _meta: meta, cursor: opt(z.string()) })),
      'tasks/cancel': TaskRequestParamsSchema,
    },
    CreateTaskResultSchema: o({ _meta: opt(send.base.MetaSchema), task: TaskSchema }),
    clientResults: {
      'tasks/get': TaskSchema,
      'tasks/result': z.looseObject({ _meta: opt(send.base.MetaSchema) }),
      'tasks/list': o({ _meta: opt(send.base.MetaSchema), tasks: z.array(TaskSchema), nextCursor: opt(z.string()) }),
      'tasks/cancel': TaskSchema,
    },
    clientNotifications: { 'notifications/tasks/status': TaskSchema },
  };
}
