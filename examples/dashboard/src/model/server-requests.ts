import { Subject } from 'rxjs';
import type {
  ClientHandlerContext, ClientHandlers, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
} from 'rxmcp';
import type { Correlator } from '../connection/correlate.js';

/** The error code the spec gives a sampling request the user rejected. */
export const USER_REJECTED = -1;

interface Base {
  readonly id: number;
  readonly era: ClientHandlerContext['era'];
  /** The call it came from, when its stream said so; otherwise it is shown in the page-wide queue. */
  readonly callId: number | undefined;
  readonly receivedAt: number;
}

/** A question of the server waiting for the user. */
export type PendingRequest =
  | (Base & { readonly kind: 'elicitation'; readonly params: ElicitRequestParams; answer(result: ElicitResult): void })
  | (Base & { readonly kind: 'sampling'; readonly params: CreateMessageRequestParams; answer(result: CreateMessageResult): void; reject(message: string): void });

let nextId = 1;

/**
 * The server's requests (elicitation, sampling) as a queue the user answers. They reach the client's `handlers`
 * from both eras: 2026-07-28 input requests inside a call's rounds, legacy JSON-RPC requests from the server. Each
 * handler returns a Promise that the user's answer settles; the request's `signal` (the server or the call gave
 * up) takes it off the queue.
 */
export class ServerRequests {
  readonly pending: PendingRequest[] = [];
  readonly changed$ = new Subject<void>();

  constructor(private readonly correlator: Correlator) {}

  readonly handlers: ClientHandlers = {
    elicitation: (params, context) => this.ask<ElicitResult>('elicitation', params, context),
    sampling: (params, context) => this.ask<CreateMessageResult>('sampling', params, context),
  };

  forCall(callId: number): PendingRequest[] {
    return this.pending.filter((request) => request.callId === callId);
  }

  get unlinked(): PendingRequest[] {
    return this.pending.filter((request) => request.callId === undefined);
  }

  private ask<R>(kind: PendingRequest['kind'], params: ElicitRequestParams | CreateMessageRequestParams, context: ClientHandlerContext): Promise<R> {
    const method = kind === 'elicitation' ? 'elicitation/create' : 'sampling/createMessage';
    const callId = this.correlator.callForServerRequest(method, params);
    return new Promise<R>((resolve, reject) => {
      const base = { id: nextId++, era: context.era, callId, receivedAt: Date.now() };
      const done = (settle: () => void) => () => {
        this.remove(base.id);
        settle();
      };
      const entry = {
        ...base,
        kind,
        params,
        answer: (result: R) => done(() => resolve(result))(),
        reject: (message: string) => done(() => reject(Object.assign(new Error(message), { code: USER_REJECTED })))(),
      } as unknown as PendingRequest;
      context.signal.addEventListener('abort', done(() => reject(new Error('The request was cancelled'))), { once: true });
      this.pending.push(entry);
      this.changed$.next();
    });
  }

  private remove(id: number): void {
    const index = this.pending.findIndex((request) => request.id === id);
    if (index !== -1) this.pending.splice(index, 1);
    this.changed$.next();
  }
}
