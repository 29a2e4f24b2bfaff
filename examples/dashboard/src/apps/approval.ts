import { Subject } from 'rxjs';
import type { Params, Tool } from 'rxmcp';

/** A tool call an MCP App asked for, waiting for the user. */
export interface PendingApproval {
  readonly id: number;
  /** The call whose app asked. */
  readonly parentCall: number;
  readonly tool: Tool;
  readonly args: Params;
  decide(allowed: boolean): void;
}

let nextId = 1;

/** The approvals waiting for the user, shown under the app that asked. */
export class Approvals {
  readonly pending: PendingApproval[] = [];
  readonly changed$ = new Subject<void>();

  forCall(callId: number): PendingApproval[] {
    return this.pending.filter((approval) => approval.parentCall === callId);
  }

  /**
   * The page's one approval step for tool calls that an MCP App makes: asks the user (Allow / Deny under the app)
   * and resolves with the answer; an aborted `signal` (the app went away) denies. Every proxied call goes through
   * here, so a client-side approval hook (`approveToolCall`) can take its place in one spot.
   */
  approveToolCall(request: { readonly parentCall: number; readonly tool: Tool; readonly args: Params }, signal: AbortSignal): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const id = nextId++;
      const decide = (allowed: boolean): void => {
        const index = this.pending.findIndex((approval) => approval.id === id);
        if (index === -1) return;
        this.pending.splice(index, 1);
        this.changed$.next();
        resolve(allowed);
      };
      signal.addEventListener('abort', () => decide(false), { once: true });
      this.pending.push({ id, ...request, decide });
      this.changed$.next();
    });
  }
}
