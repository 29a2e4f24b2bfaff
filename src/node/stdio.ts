import { DEFAULT_MAX_MESSAGE_BYTES } from '../transport/internal/json-lines.js';
import { buildChildEnv, type ChildEnvOptions } from './internal/env.js';
import { createProcessTransport, type StdioTransport } from './internal/process-transport.js';

export { DEFAULT_INHERITED_ENV_VARS, type EnvOverrides } from './internal/env.js';
export { ProcessExitError, ProcessSpawnError, StdoutClosedError } from './internal/process-errors.js';
export type { StdioExit, StdioHealth, StdioProcess, StdioTransport } from './internal/process-transport.js';

/** Default wait after closing the server's stdin before SIGTERM, and after SIGTERM before SIGKILL. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 2000;

/** Options of `stdio`. */
export interface StdioOptions extends ChildEnvOptions {
  /** The executable, run directly (never through a shell; on Windows give `npx.cmd`-style names in full). */
  readonly command: string;
  /** The arguments, passed as they are (no shell quoting or expansion). */
  readonly args?: readonly string[];
  /** Working folder of the server process. Default: this process's. */
  readonly cwd?: string;
  /**
   * Variables merged over the inherited ones (`undefined` removes one). By default the server inherits only
   * `DEFAULT_INHERITED_ENV_VARS`; `inheritEnv: true` passes the whole environment.
   */
  readonly env?: ChildEnvOptions['env'];
  /**
   * Largest inbound message in bytes (default 64 MiB). A longer one is skipped as it arrives (never buffered whole):
   * the request it answers fails with `MessageTooLargeError`, the connection goes on.
   */
  readonly maxMessageBytes?: number;
  /** Wait after closing stdin before SIGTERM, in ms. Default `DEFAULT_SHUTDOWN_GRACE_MS`. */
  readonly closeGraceMs?: number;
  /** Wait after SIGTERM before SIGKILL, in ms. Default `DEFAULT_SHUTDOWN_GRACE_MS`. */
  readonly termGraceMs?: number;
}

/**
 * A transport that runs an MCP server as a child process and speaks newline-delimited JSON-RPC over its
 * stdin/stdout. stderr is always drained and offered as `stderr$` / `processes$`; `health()` tells whether
 * the current process is alive.
 *
 * `connect(outbound$)`:
 * - **Temperature:** cold; each subscription spawns one process and subscribes to `outbound$` once it has
 *   spawned, writing one line per frame (backpressure is honoured with a queue).
 * - **Emits:** one `InboundFrame` per stdout line; a line that is not JSON is a `malformed` frame.
 * - **Completes:** when the process exits with code 0 after its stdout ended. When `outbound$` completes,
 *   stdin is closed (the server sees end of input).
 * - **Errors:** `ProcessSpawnError` (could not start), `ProcessExitError` (any other exit, with exit code or
 *   signal and the last stderr lines), `StdoutClosedError` (stdout closed while the process kept running), or
 *   `TransportError` for a stream failure.
 * - **Teardown:** unsubscribes from `outbound$`, closes stdin, waits `closeGraceMs`, sends SIGTERM, waits
 *   `termGraceMs`, sends SIGKILL; the sequence stops as soon as the process exits.
 * @example
 * ```ts
 * import { createClient } from 'rxmcp';
 * import { stdio } from 'rxmcp/node';
 *
 * const transport = stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { LOG_LEVEL: 'debug' } });
 * transport.stderr$.subscribe((line) => console.error(`[server] ${line}`));
 * const client = createClient(transport);
 * ```
 */
export function stdio(options: StdioOptions): StdioTransport {
  return createProcessTransport({
    kind: 'stdio',
    launch: () => ({
      command: options.command,
      args: [...(options.args ?? [])],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      env: buildChildEnv(options),
    }),
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    graces: {
      closeGraceMs: options.closeGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
      termGraceMs: options.termGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
    },
  });
}
