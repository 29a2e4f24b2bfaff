import { knownMethodSpec } from '../../protocol/methods.js';
import type { ProtocolVersion } from '../../protocol/versions.js';
import { withInputRounds } from '../input-rounds.js';
import type { ServerRequestRunner } from '../server-requests.js';
import type { Link } from './types.js';

/**
 * Built-in link, on revisions with multi-round requests (2026-07-28): an `input_required` answer to a method that
 * may need input is fulfilled through the client's handlers, and the call is sent again (through the links below
 * this one) with the answers, until a complete result or `maxRounds`.
 */
export function inputRoundsLink(run: ServerRequestRunner, maxRounds: number, version: ProtocolVersion): Link {
  return (call, next) => {
    if (knownMethodSpec(version, call.method)?.mayRequireInput !== true) return next(call);
    // The first round sends the call as it came; a later one, with the round's answers in its params.
    return withInputRounds({ method: call.method, maxRounds, run, send: (params) => next(params === call.params ? call : { ...call, params }) }, call.params ?? {});
  };
}
