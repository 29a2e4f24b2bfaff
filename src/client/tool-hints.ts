import { defaultIfEmpty, from, isObservable, of, take, type Observable, type ObservableInput } from 'rxjs';
import type { Params } from '../session/types.js';
import type { Tool } from '../protocol/model/tools.js';
import type { ToolDrift } from './pinning/diff.js';

/**
 * What a tool says of its behaviour (its annotations), with the specification's conservative defaults where it
 * says nothing. Advisory: what a server claims, not what its tool does.
 */
export interface ToolHints {
  /** The tool does not change its environment (default `false`). */
  readonly readOnlyHint: boolean;
  /** It may destroy or overwrite, rather than only add (default `true`; meaningful when not read-only). */
  readonly destructiveHint: boolean;
  /** Repeating it with the same arguments has no further effect (default `false`; meaningful when not read-only). */
  readonly idempotentHint: boolean;
  /** It reaches an open world of external entities (default `true`). */
  readonly openWorldHint: boolean;
}

/** The hints in force for a tool that says nothing, and for every tool of a server whose annotations are not trusted. */
export const DEFAULT_TOOL_HINTS: ToolHints = Object.freeze({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });

/** Hints by tool name. */
export type ToolHintsMap = ReadonlyMap<string, ToolHints>;

/** The hints of `tool`: its annotations, the defaults where it has none. */
export function hintsOf(tool: Tool): ToolHints {
  const annotations = tool.annotations;
  if (annotations === undefined) return DEFAULT_TOOL_HINTS;
  return {
    readOnlyHint: annotations.readOnlyHint ?? DEFAULT_TOOL_HINTS.readOnlyHint,
    destructiveHint: annotations.destructiveHint ?? DEFAULT_TOOL_HINTS.destructiveHint,
    idempotentHint: annotations.idempotentHint ?? DEFAULT_TOOL_HINTS.idempotentHint,
    openWorldHint: annotations.openWorldHint ?? DEFAULT_TOOL_HINTS.openWorldHint,
  };
}

/** A tool call about to be sent, as an approval step sees it. */
export interface ToolCallRequest {
  /** The MCP tool name. */
  readonly name: string;
  /** The arguments of the call; `{}` when it was given none. */
  readonly arguments: Params;
  /** The tool's definition, when it is in the last listing. */
  readonly tool?: Tool;
  /** Set when the tool changed since it was pinned (`ClientOptions.pinning` with `onDrift: 'ask'`): what changed. */
  readonly drift?: ToolDrift;
}

/**
 * Decides whether a tool call may be sent: `true` sends it; `false` fails it with `ToolCallDeniedError`, sending
 * nothing. May ask a person (a Promise or an Observable: its first value counts; none counts as `false`). `hints`
 * are the trusted ones, or the defaults (`DEFAULT_TOOL_HINTS`) when the client does not trust the server's
 * annotations.
 */
export type ToolCallApproval = (call: ToolCallRequest, hints: ToolHints) => boolean | ObservableInput<boolean>;

/** A policy's answer as an Observable of the decision: its first value, or `false` when it gives none. */
export function approvalOf(answer: boolean | ObservableInput<boolean>): Observable<boolean> {
  if (typeof answer === 'boolean') return of(answer);
  return (isObservable(answer) ? answer : from(answer)).pipe(take(1), defaultIfEmpty(false));
}

/**
 * An approval policy: a tool the (trusted) hints call read-only runs at once; every other call is put to `ask`.
 * Since untrusted hints are the defaults (not read-only), a client that does not trust annotations asks for every
 * call.
 * @example
 * ```ts
 * import { createClient, unlessReadOnly } from 'rxmcp';
 *
 * const client = createClient(transport, {
 *   trustToolAnnotations: true,
 *   approveToolCall: unlessReadOnly((call) => confirm(`Run ${call.name}?`)), // read-only tools run at once
 * });
 * ```
 */
export function unlessReadOnly(ask: ToolCallApproval): ToolCallApproval {
  return (call, hints) => (hints.readOnlyHint ? true : ask(call, hints));
}
