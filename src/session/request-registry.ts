import type { McpError } from '../errors/mcp-error.js';
import type { JsonRpcErrorResponse, JsonRpcSuccess, RequestId } from '../protocol/jsonrpc.js';

/** One of our requests waiting for its response on a connection; `End` says how a connection ended. */
export interface PendingRequest<End> {
  readonly method: string;
  respond(message: JsonRpcSuccess | JsonRpcErrorResponse): void;
  /** The request cannot be answered: a response that broke the protocol, or its frame could not be sent. */
  fail(error: McpError): void;
  progress(params: Readonly<Record<string, unknown>>): void;
  /** Its connection ended before the response arrived. */
  connectionEnded(end: End): void;
}

/**
 * A map of requests that holds its oldest entry outside the `Map`: one request at a time (sequential calls) then
 * never touches the `Map`, whose deletions reallocate its table as it empties. The slot is filled only while the
 * `Map` is empty, so it is always the oldest entry.
 */
class RequestMap<V> {
  private slotKey: RequestId | undefined;
  private slot: V | undefined;
  private readonly rest = new Map<RequestId, V>();

  set(key: RequestId, value: V): void {
    if (this.slot === undefined && this.rest.size === 0) {
      this.slotKey = key;
      this.slot = value;
    } else if (this.slot !== undefined && this.slotKey === key) {
      this.slot = value;
    } else {
      this.rest.set(key, value);
    }
  }

  get(key: RequestId): V | undefined {
    return this.slot !== undefined && this.slotKey === key ? this.slot : this.rest.get(key);
  }

  /** Deletes the entry of `key` when its value is `value`. */
  deleteIf(key: RequestId, value: V): void {
    if (this.slot !== undefined && this.slotKey === key) {
      if (this.slot !== value) return;
      this.slot = undefined;
      this.slotKey = undefined;
    } else if (this.rest.get(key) === value) {
      this.rest.delete(key);
    }
  }

  get size(): number {
    return (this.slot === undefined ? 0 : 1) + this.rest.size;
  }

  /** Every value, oldest first, and the map emptied. */
  drain(): V[] {
    const values = this.slot === undefined ? [...this.rest.values()] : [this.slot, ...this.rest.values()];
    this.slot = undefined;
    this.slotKey = undefined;
    this.rest.clear();
    return values;
  }
}

/**
 * The requests of one connection waiting for their responses, by id and by progress token: what the router
 * answers for a frame of that connection, and what fails when it ends. Ids are unique across the session (it
 * issues them); a token is the request's own (its id) or one its caller chose, and the last request to register a
 * token gets its progress.
 */
export class RequestRegistry<End> {
  private readonly byId = new RequestMap<PendingRequest<End>>();
  private readonly byToken = new RequestMap<PendingRequest<End>>();

  /** Registers `request` under its id and, when it has one, its progress token. */
  add(id: RequestId, request: PendingRequest<End>, token: RequestId | undefined): void {
    this.byId.set(id, request);
    if (token !== undefined) this.byToken.set(token, request);
  }

  /** The request waiting for the response with this id, if it was sent on this connection. */
  get(id: RequestId): PendingRequest<End> | undefined {
    return this.byId.get(id);
  }

  /** The request a progress notification with this token is for, if it was sent on this connection. */
  forToken(token: RequestId): PendingRequest<End> | undefined {
    return this.byToken.get(token);
  }

  /** Takes `request` off the books, its id and its token together (a token another request took since stays). */
  remove(id: RequestId, request: PendingRequest<End>, token: RequestId | undefined): void {
    this.byId.deleteIf(id, request);
    if (token !== undefined) this.byToken.deleteIf(token, request);
  }

  /** Ends every request still waiting with how the connection ended; the registry is empty before the first hears of it. */
  endAll(end: End): void {
    if (this.byId.size === 0) return;
    const requests = this.byId.drain();
    this.byToken.drain();
    for (const request of requests) request.connectionEnded(end);
  }
}
