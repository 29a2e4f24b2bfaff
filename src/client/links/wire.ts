import { Observable, type Observer, type Subscriber } from 'rxjs';
import type { ProtocolVersion } from '../../protocol/versions.js';
import type { McpError } from '../../errors/mcp-error.js';
import { decodeResult, type DecodeOptions } from '../../protocol/codec.js';
import { isClientRequestSpec, knownMethodSpec } from '../../protocol/methods.js';
import type { Connection, Params, RequestEvent } from '../../session/types.js';
import { isSessionExpired } from '../session-expiry.js';
import type { CallEvent } from '../input-rounds.js';
import { relay } from '../relay.js';
import type { WirePolicy } from '../wire-policy.js';
import type { LinkNext } from './types.js';

/** What the wire needs beside the connection: the log level the client wants now (revisions that carry it per request). */
export interface WireDeps {
  logLevel(): WirePolicy['envelope']['logLevel'];
}

/**
 * The end of the chain on a negotiated connection: the request with the revision's `_meta` and headers, its
 * result decoded for the negotiated revision. A server that forgot the session (HTTP 404) ends the connection with
 * that error, so that everything in flight on it learns it; whether to repeat a call on a new one is decided above.
 */
export function wire(connection: Connection, policy: WirePolicy, version: ProtocolVersion, deps: WireDeps): LinkNext {
  const fail = (error: unknown): never => {
    if (isSessionExpired(error)) connection.abort(error as McpError);
    throw error;
  };
  return (call) => {
    const { method, params, options } = call;
    const request$: Observable<RequestEvent> = connection.requestEvents(method, params, policy.requestOptions(method, params, options, deps.logLevel()));
    // A method of no revision or extension the client knows (`request()`): its result is handed over as it came.
    if (!isClientRequestSpec(knownMethodSpec(version, method))) return relay(request$, (event) => event as CallEvent<unknown>, fail);
    const allowed = options.resultTypes;
    const decode: DecodeOptions = allowed ? { allowedResultTypes: allowed } : NO_DECODE_OPTIONS;
    return new Observable<CallEvent<unknown>>((subscriber) => request$.subscribe(new Decoding(subscriber, version, method, decode, connection)));
  };
}

const NO_DECODE_OPTIONS: DecodeOptions = Object.freeze({});

/**
 * The wire's observer of one request: each result decoded for the revision, other events as they came, an error of
 * a forgotten session ending the connection first. One object per call, where a `map` and a `catchError` (or a
 * `relay`) would make a subscriber and closures each.
 */
class Decoding implements Observer<RequestEvent> {
  constructor(
    private readonly subscriber: Subscriber<CallEvent<unknown>>,
    private readonly version: ProtocolVersion,
    private readonly method: string,
    private readonly decode: DecodeOptions,
    private readonly connection: Connection,
  ) {}

  next(event: RequestEvent): void {
    if (event.type !== 'result') {
      this.subscriber.next(event);
      return;
    }
    let result: unknown;
    try {
      result = decodeResult(this.version, this.method, event.result as Params, this.decode);
    } catch (error) {
      this.subscriber.error(error);
      return;
    }
    this.subscriber.next({ type: 'result', result });
  }

  error(error: unknown): void {
    if (isSessionExpired(error)) this.connection.abort(error as McpError);
    this.subscriber.error(error);
  }

  complete(): void {
    this.subscriber.complete();
  }
}
