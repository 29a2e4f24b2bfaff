import * as z from 'zod/mini';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/** Builds the params of the three input requests (received), by method. */
export function buildInputRequestParams(receive: Kit) {
  const { features } = receive;
  return {
    'elicitation/create': z.union([features.ElicitRequestUrlParamsSchema, features.ElicitRequestFormParamsSchema]),
    'sampling/createMessage': features.CreateMessageRequestParamsSchema,
    'roots/list': features.ListRootsRequestParamsSchema,
  };
}

/**
 * Builds `InputRequiredResult` (received): input requests keyed by the server, told apart by `method`, and
 * an opaque `requestState`; at least one of the two is present.
 */
export function buildInputRequired(receive: Kit) {
  const params = buildInputRequestParams(receive);
  const InputRequestSchema = z.discriminatedUnion('method', [
    z.looseObject({ method: z.literal('elicitation/create'), params: params['elicitation/create'] }),
    z.looseObject({ method: z.literal('sampling/createMessage'), params: params['sampling/createMessage'] }),
    z.looseObject({ method: z.literal('roots/list'), params: opt(params['roots/list']) }),
  ]);
  const InputRequiredBaseSchema = z.looseObject({
    _meta: opt(receive.base.ResultMetaSchema),
    inputRequests: opt(z.record(z.string(), InputRequestSchema)),
    requestState: opt(z.string()),
  });
  return {
    InputRequestSchema,
    InputRequestsSchema: z.record(z.string(), InputRequestSchema),
    InputRequiredResultSchema: InputRequiredBaseSchema.check(
      z.refine((value) => value.inputRequests !== undefined || value.requestState !== undefined, {
        message: 'an input_required result needs inputRequests or requestState',
      }),
    ),
  };
}
