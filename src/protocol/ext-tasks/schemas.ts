import * as z from 'zod/mini';
import { buildInputRequired } from '../rev-2026-07-28/mrtr.js';
import type { AnySchema, ExtensionSchemas } from '../schema-types.js';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/**
 * Received shapes of the tasks extension `io.modelcontextprotocol/tasks` for 2026-07-28, after the extension's
 * schema (`schema/draft/schema.ts` of modelcontextprotocol/ext-tasks) and its specification text: `Task` with
 * `ttlMs`/`pollIntervalMs`, the `DetailedTask` variants by status, `CreateTaskResult` (`resultType: "task"`, the
 * task inline), the empty acknowledgements of `tasks/update` and `tasks/cancel`, and `notifications/tasks`.
 */
function taskFields() {
  return {
    taskId: z.string(),
    status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
    statusMessage: opt(z.string()),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    ttlMs: z.nullable(z.number()),
    pollIntervalMs: opt(z.number()),
  };
}

/** `DetailedTask`: each status with what it must carry inline, plus `extra` fields (`_meta`, `resultType`). */
function detailedTask(receive: Kit, extra: Readonly<Record<string, AnySchema>>): AnySchema {
  const o = z.looseObject;
  const task = { ...taskFields(), ...extra };
  const { InputRequestsSchema } = buildInputRequired(receive);
  const ErrorSchema = o({ code: z.int(), message: z.string(), data: opt(z.unknown()) });
  return z.discriminatedUnion('status', [
    o({ ...task, status: z.enum(['working', 'cancelled']) }),
    o({ ...task, status: z.literal('input_required'), inputRequests: InputRequestsSchema }),
    o({ ...task, status: z.literal('completed'), result: receive.base.JsonObjectSchema }),
    o({ ...task, status: z.literal('failed'), error: ErrorSchema }),
  ]);
}

/** Builds the extension's received schemas on the 2026-07-28 receiving kit. */
export function buildTasksExtensionSchemas(receive: Kit): ExtensionSchemas {
  const resultMeta = opt(receive.base.ResultMetaSchema);
  const Acknowledgement = z.looseObject({ _meta: resultMeta, resultType: opt(z.literal('complete')) });
  // The normative text says `tasks/get` answers carry `resultType: "complete"`; some of the extension's examples
  // show none. Both are accepted.
  const GetTaskResult = detailedTask(receive, { _meta: resultMeta, resultType: opt(z.literal('complete')) });
  return {
    results: { 'tasks/get': GetTaskResult, 'tasks/update': Acknowledgement, 'tasks/cancel': Acknowledgement },
    notifications: { 'notifications/tasks': detailedTask(receive, { _meta: opt(receive.base.NotificationMetaSchema) }) },
    resultTypes: {
      'tools/call': { task: z.looseObject({ ...taskFields(), _meta: resultMeta, resultType: z.literal('task') }) },
    },
  };
}
