import type { Observable, ObservableInput } from 'rxjs';

/**
 * One HTTP request of an HTTP transport, as its `HttpAuth` sees it. The same object is passed to `headers`
 * and then to `challenge` and `observe` for one attempt, so an implementation can remember what it sent.
 */
export interface HttpAuthRequest {
  /** The HTTP method: `POST`, `GET` or `DELETE`. */
  readonly method: string;
  /** Where the request goes: the MCP endpoint, the legacy POST endpoint or a same-origin redirect target. */
  readonly url: string;
  /** The URL the transport was created with: the MCP server whose credentials apply. */
  readonly serverUrl: string;
  /** The `MCP-Protocol-Version` header the request carries, if any. */
  readonly protocolVersion: string | undefined;
  /** Why this request is a repetition: one entry per earlier attempt that `challenge` answered with a retry. */
  readonly retries: readonly HttpAuthRetry[];
}

/** The status and headers of a response to a request to the MCP server. */
export interface HttpAuthResponse {
  /** The HTTP status, e.g. 401 or 403. */
  readonly status: number;
  /** The response headers (`WWW-Authenticate`, `DPoP-Nonce`). */
  readonly headers: {
    /** The header's value, `null` when absent. */
    get(name: string): string | null;
  };
}

/** Why `challenge` asks for a request again: new credentials, or a fresh DPoP nonce with the same ones. */
export type HttpAuthRetry = 'credentials' | 'nonce';

/**
 * What an HTTP transport (`streamableHttp`, `legacySse`, `httpTransport`) consults for every request to the
 * MCP server's origin, and only for those. `oauth(...)` is the implementation rxmcp ships.
 *
 * The transport adds the headers `headers` gives, sends the request and, when the answer is 401 or 403, asks
 * `challenge` what to do: a retry reason sends the request again (with fresh headers); `undefined` hands the
 * response to the transport as it is; an error fails the request with that error. A request that carries
 * credentials never follows a redirect to another origin with them: the transport follows redirects itself
 * and drops the credentials at the first hop that leaves the origin.
 */
export interface HttpAuth {
  /** The credential headers of one request (`Authorization`, `DPoP`); `{}` when there are none yet. */
  headers(request: HttpAuthRequest): ObservableInput<Readonly<Record<string, string>>>;
  /** A 401 or 403 from the MCP server: obtain credentials and ask for a retry, or decline. */
  challenge(request: HttpAuthRequest, response: HttpAuthResponse): ObservableInput<HttpAuthRetry | undefined>;
  /** Every other response from the MCP server (a new `DPoP-Nonce`, a success that ends a step-up). */
  observe?(request: HttpAuthRequest, response: HttpAuthResponse): void;
  /**
   * True while obtaining credentials waits for the user (a client pauses its time limits meanwhile).
   *
   * - **Temperature:** hot; replays the current value.
   * - **Emits:** the current value, then every change.
   * - **Completes:** never. **Errors:** never.
   * - **Teardown:** none.
   */
  readonly waitingForUser$?: Observable<boolean>;
  /**
   * Which authorization context the last request went out under (an opaque key, such as the access token), so that
   * results a server marks private are cached per context; `undefined` when there is none yet.
   */
  partition?(): string | undefined;
}
