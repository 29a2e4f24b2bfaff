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
    _meta: opt(kit.base.meta),
  };
}

/** Builds the received side of the 2025-11-25 core tasks: results, server requests and notifications. */
export function buildReceivedTasks(receive: Kit) {
  const o = z.looseObject;
  const task = buildTask(receive);
  const taskParams = o({ _meta: opt(receive.base.meta), taskId: z.string() });
  return {
    results: {
      'tasks/get': o({ ...task, _meta: opt(receive.base.resultMeta) }),
      'tasks/result': o({ _meta: opt(receive.base.resultMeta) }),
      'tasks/list': o({ _meta: opt(receive.base.resultMeta), tasks: z.array(o(task)), nextCursor: opt(z.string()) }),
      'tasks/cancel': o({ ...task, _meta: opt(receive.base.resultMeta) }),
    },
    createTaskResult: o({ _meta: opt(receive.base.resultMeta), task: o(task) }),
    serverRequests: {
      'tasks/get': taskParams,
      'tasks/result': taskParams,
      'tasks/list': o({ _meta: opt(receive.base.meta), cursor: opt(z.string()) }),
      'tasks/cancel': taskParams,
    },
    serverNotifications: { 'notifications/tasks/status': o({ ...task, _meta: opt(receive.base.notificationMeta) }) },
  };
}

/** Builds the sent side of the 2025-11-25 core tasks: request params, results and the status notification. */
export function buildSentTasks(send: Kit, meta: z.ZodMiniType) {
  const o = send.ctx.object;
  const task = o(buildTask(send));
  const taskParams = o({ _meta: meta, taskId: z.string() });
  return {
    clientRequests: {
      'tasks/get': taskParams,
      'tasks/result': taskParams,
      'tasks/list': opt(o({ _meta: meta, cursor: opt(z.string()) })),
      'tasks/cancel': taskParams,
    },
    createTaskResult: o({ _meta: opt(send.base.meta), task }),
    clientResults: {
      'tasks/get': task,
      'tasks/result': z.looseObject({ _meta: opt(send.base.meta) }),
      'tasks/list': o({ _meta: opt(send.base.meta), tasks: z.array(task), nextCursor: opt(z.string()) }),
      'tasks/cancel': task,
    },
    clientNotifications: { 'notifications/tasks/status': task },
  };
}
