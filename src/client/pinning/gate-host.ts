import { defer, type Observable } from 'rxjs';
import type { Tool } from '../../protocol/model/tools.js';
import { approvalOf, type ToolCallApproval, type ToolCallRequest, type ToolHints } from '../tool-hints.js';

/** What the drift gate needs of the client: its listed tools, and the same approval step as its tool calls. */
export interface DriftGateDeps {
  /** The tool's definition in the client's last listing. */
  tool(name: string): Tool | undefined;
  /** Asks the client's approval step about a call (absent when the client has none). */
  readonly ask?: (request: ToolCallRequest) => Observable<boolean>;
}

/** The scope of a drift approval: it holds up no call in flight (the call waits on it before anything is sent). */
export interface DriftWaitScope {
  /** Always false: no request is in flight while the person answers. */
  readonly inFlight: false;
  /** No clock to stand still. */
  pause(): undefined;
  /** Nothing else to fail when the wait gives up. */
  giveUp(): void;
}

/** The client's clock of waits on a person, as the drift gate uses it. */
export interface DriftWaitClock {
  /**
   * Runs `work` as a wait on a person for `method`, bounded by the client's `humanWaitMs`.
   * - **Temperature:** cold. **Emits:** what `work` emits. **Completes:** when `work` does.
   * - **Errors:** `HumanWaitTimeoutError` past the bound, or what `work` fails with. **Teardown:** aborts `work`'s signal.
   */
  track<T>(method: string, scope: DriftWaitScope, signal: AbortSignal, work: (signal: AbortSignal) => Observable<T>): Observable<T>;
}

/** The client's options as the drift gate reads them. */
export interface DriftGateOptions {
  /** The client's approval step of tool calls, asked again about a changed tool with `onDrift: 'ask'`. */
  readonly approveToolCall?: ToolCallApproval;
}

/** The client as the drift gate reads it: its approval step and the clock of waits on a person. */
export interface DriftGateClient {
  /** The client's options; only `approveToolCall` is read. */
  readonly options: DriftGateOptions;
  /** The clock that bounds a wait on `approveToolCall`. */
  readonly human: DriftWaitClock;
}

/** The client's listed tools as the drift gate reads them. */
export interface DriftGateTools {
  /** The tool's definition in the last listing. */
  get(name: string): Tool | undefined;
  /** The tool's trusted hints, given to `approveToolCall`. */
  hintsFor(name: string): ToolHints;
}

/** A drift approval holds up no call that could be paused while it waits (the call waits on it). */
const NO_CALL: DriftWaitScope = { inFlight: false, pause: () => undefined, giveUp: () => undefined };

/** What the gate of a client reads: its listed tools and, when it has one, its approval step (bounded by `humanWaitMs`). */
export function driftGateDeps(client: DriftGateClient, tools: DriftGateTools): DriftGateDeps {
  const approve = client.options.approveToolCall;
  const tool = (name: string) => tools.get(name);
  if (approve === undefined) return { tool };
  return {
    tool,
    ask: (request) => client.human.track('tools/call drift approval', NO_CALL, new AbortController().signal, () =>
      defer(() => approvalOf(approve(request, tools.hintsFor(request.name)))),
    ),
  };
}
