// The official MCP Inspector's CLI conventions, for `--cli` and `--format`: what it writes for a result, its error
// envelope (`{"error":{"code":…,"message":…}}`) and its exit codes, from rxmcp's own account of a failure.
import { EXIT, type Failure } from './failure.js';

/** The Inspector's error envelope. */
export interface InspectorEnvelope {
  /** `error`, `tool_not_found`, `tool_is_error`, `auth_required` or `unreachable`. */
  readonly code: string;
  readonly message: string;
  /** The HTTP status of the answer that failed, if any. */
  readonly status?: number;
  /** rxmcp's advice, when it has some (the Inspector has no such member; readers of its envelope ignore it). */
  readonly hint?: string;
}

/** A failure as the Inspector reports it: its exit code and its envelope. */
export interface InspectorFailure {
  readonly exitCode: number;
  readonly envelope: InspectorEnvelope;
}

const UNREACHABLE = new Set(['dns', 'refused', 'tls', 'network']);

function codeAndExit(failure: Failure): { code: string; exitCode: number } {
  const { step } = failure;
  if (step === 'auth') return { code: 'auth_required', exitCode: EXIT.auth };
  if (UNREACHABLE.has(step) || (step === 'timeout' && failure.exitCode === EXIT.unreachable)) return { code: 'unreachable', exitCode: EXIT.unreachable };
  if (step === 'not-found' && failure.details?.['what'] === 'tool') return { code: 'tool_not_found', exitCode: EXIT.tool };
  if (step === 'tool') return { code: 'tool_is_error', exitCode: EXIT.tool };
  if (step === 'interrupted') return { code: 'error', exitCode: EXIT.interrupted };
  // Everything else, a server's error answer, an HTTP status, a server that cannot start, is the Inspector's exit 1.
  return { code: 'error', exitCode: EXIT.usage };
}

/** What the Inspector's CLI would report for `failure`: the exit code and the error envelope. */
export function inspectorFailure(failure: Failure): InspectorFailure {
  const { code, exitCode } = codeAndExit(failure);
  const status = failure.details?.['status'];
  return {
    exitCode,
    envelope: {
      code,
      message: failure.message,
      ...(typeof status === 'number' ? { status } : {}),
      ...(failure.hint === undefined ? {} : { hint: failure.hint }),
    },
  };
}

/** The failure the Inspector reports when a tool answers with `isError: true` (the result is written first). */
export function toolIsError(name: string): Failure {
  return { exitCode: EXIT.tool, step: 'tool', message: `Tool '${name}' returned isError:true.` };
}

/** Where a result written to `--output` went, as the Inspector says it (`{"output": …}`). */
export interface WrittenFile {
  readonly path: string;
  readonly format: 'json';
  readonly bytes: number;
}
