// An official MCP SDK `OAuthClientProvider` where rxmcp takes an `HttpAuth`: the provider keeps tokens, client
// information and the PKCE verifier as it does for the SDK's own transports, and the SDK's `auth` function (passed
// in, so that rxmcp never imports the SDK) runs the flow, exactly as the SDK's transports call it on a 401. What
// this adapter adds is rxmcp's side of the contract: the credential headers of every request, one flow at a time
// for all waiting requests, and a request that waits for the user (time limits paused) instead of failing.
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { HttpAuth, HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from '../transport/streamable-http-auth.js';
import type { FetchLike } from '../transport/internal/fetch.js';
import { AuthError, safeText } from './errors.js';
import { guardedFetch } from './guarded-fetch.js';
import { createUrlGuard, type UrlGuardOptions } from './url-guard.js';
import { tokenChallenge } from './www-authenticate.js';

/** The tokens an SDK provider keeps (the members the adapter reads). */
export interface SdkOAuthTokens {
  /** The access token. */
  readonly access_token: string;
  /** The token type; `Bearer` when absent. */
  readonly token_type?: string;
}

/**
 * The official SDK's `OAuthClientProvider` (`@modelcontextprotocol/sdk/client/auth.js`, `@modelcontextprotocol/client`),
 * by the members the adapter itself calls; the SDK's `auth` function uses the rest.
 */
export interface SdkOAuthClientProvider {
  /** The stored tokens, if any. */
  tokens(): SdkOAuthTokens | undefined | Promise<SdkOAuthTokens | undefined>;
  /** Sends the user to the authorization server. */
  redirectToAuthorization(authorizationUrl: URL): void | Promise<void>;
}

/** The `fetch` the SDK's flow takes (the platform's `fetch` fits). */
export type SdkFetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** What the SDK's `auth` function takes beside the provider (the members the adapter gives). */
export interface SdkAuthOptions {
  /** The MCP server. */
  serverUrl: string | URL;
  /** The authorization code of the callback, when finishing an authorization. */
  authorizationCode?: string;
  /** SDK 2.x: the `iss` of the callback (RFC 9207). */
  iss?: string;
  /** The scope a challenge asked for. */
  scope?: string;
  /** The `resource_metadata` URL a challenge named. */
  resourceMetadataUrl?: URL;
  /** The `fetch` for discovery, registration and token requests. */
  fetchFn?: SdkFetchLike;
}

/**
 * The official SDK's `auth` function: `import { auth } from '@modelcontextprotocol/sdk/client/auth.js'` (1.x) or
 * `from '@modelcontextprotocol/client'` (2.x). It answers `AUTHORIZED` when tokens are in the provider, `REDIRECT`
 * when it sent the user to the authorization server.
 */
export type SdkAuthFunction<P> = (provider: P, options: SdkAuthOptions) => Promise<'AUTHORIZED' | 'REDIRECT'>;

/** Options of `sdkOAuth`. */
export interface SdkOAuthOptions<P> {
  /** The SDK's `auth` function, which runs the flow (discovery, registration, PKCE, token requests). */
  readonly auth: SdkAuthFunction<P>;
  /** The MCP server, for `finishAuth` before any request was made (default: the server of the first request). */
  readonly serverUrl?: string;
  /** The `fetch` the flow uses (default: the SDK's default). */
  readonly fetch?: SdkFetchLike;
  /** How many times one request is authorized again before its 401 is given up (default 2). */
  readonly maxRetries?: number;
  /**
   * The URL guard of the flow's requests, as `oauth()`'s `urlGuard` (default: on, literal hosts only; `false`
   * turns it off). The guarded `fetch` is the one the SDK's flow gets (`fetchFn`).
   */
  readonly urlGuard?: UrlGuardOptions | false;
}

/** An SDK `OAuthClientProvider` as an rxmcp `HttpAuth` (for `streamableHttp(url, { auth })` and friends). */
export interface SdkOAuth extends HttpAuth {
  /**
   * Finishes an authorization that `redirectToAuthorization` started, with the callback URL the authorization server
   * redirected to (or its `code`): the code is exchanged through the SDK's `auth`, and the requests waiting for the
   * user go on. Rejects with an `AuthError` (`authorization-denied` for an `error` in the callback).
   */
  finishAuth(callback: string | URL): Promise<void>;
  /**
   * True while requests wait for the user to finish an authorization (`createClient` pauses their time limits).
   *
   * - **Temperature:** hot; replays the current value.
   * - **Emits:** the current value, then every change.
   * - **Completes:** never. **Errors:** never.
   * - **Teardown:** none.
   */
  readonly waitingForUser$: Observable<boolean>;
}

/** The code (and `iss`) of a callback URL, or a bare code. */
function callbackCode(callback: string | URL): { readonly code: string; readonly iss?: string } {
  let url: URL | undefined;
  try {
    url = new URL(String(callback));
  } catch {
    url = undefined;
  }
  if (url === undefined || (!url.searchParams.has('code') && !url.searchParams.has('error'))) return { code: String(callback) };
  const error = url.searchParams.get('error');
  if (error !== null) {
    const description = safeText(url.searchParams.get('error_description'));
    throw new AuthError('authorization-denied', `The authorization server refused: ${error}${description === undefined ? '' : ` (${description})`}`, { oauthError: error });
  }
  const iss = url.searchParams.get('iss');
  return { code: url.searchParams.get('code') ?? '', ...(iss === null ? {} : { iss }) };
}

/** The SDK's failure as an `AuthError` (its OAuth error code kept, its message cleaned). */
function flowError(error: unknown): AuthError {
  if (AuthError.is(error)) return error as AuthError;
  const oauthError = (error as { errorCode?: unknown } | undefined)?.errorCode;
  const message = safeText(error instanceof Error ? error.message : String(error)) ?? 'unknown error';
  return new AuthError('provider', `The SDK's authorization flow failed: ${message}`, {
    cause: error,
    ...(typeof oauthError === 'string' ? { oauthError } : {}),
  });
}

class SdkOAuthAdapter<P extends SdkOAuthClientProvider> implements SdkOAuth {
  readonly #provider: P;
  readonly #options: SdkOAuthOptions<P>;
  readonly #waiting = new BehaviorSubject(false);
  readonly waitingForUser$: Observable<boolean> = this.#waiting.pipe(distinctUntilChanged());
  #serverUrl: string | undefined;
  #flight: Promise<void> | undefined;
  /** Authorizations `finishAuth` completed: one finished while the SDK was still sending the user counts too. */
  #completions = 0;
  #finished: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;

  readonly #fetch: SdkFetchLike | undefined;

  constructor(provider: P, options: SdkOAuthOptions<P>) {
    this.#provider = provider;
    this.#options = options;
    this.#serverUrl = options.serverUrl;
    this.#fetch = this.#guarded();
  }

  /** The `fetch` of the SDK's flow: the given one (or the platform's) behind the URL guard, unless it is off. */
  #guarded(): SdkFetchLike | undefined {
    const { fetch, urlGuard } = this.#options;
    if (urlGuard === false) return fetch;
    const inner: FetchLike = (url, init) => (fetch ?? globalThis.fetch)(url, init);
    const guarded = guardedFetch(inner, createUrlGuard(urlGuard ?? {}, () => this.#serverUrl));
    return (url, init) => guarded(String(url), init ?? {});
  }

  async headers(request: HttpAuthRequest): Promise<Readonly<Record<string, string>>> {
    this.#serverUrl ??= request.serverUrl;
    const tokens = await this.#provider.tokens();
    if (tokens === undefined) return {};
    const type = tokens.token_type === undefined || tokens.token_type.toLowerCase() === 'bearer' ? 'Bearer' : tokens.token_type;
    return { authorization: `${type} ${tokens.access_token}` };
  }

  async challenge(request: HttpAuthRequest, response: HttpAuthResponse): Promise<HttpAuthRetry | undefined> {
    const params = tokenChallenge(response.headers.get('www-authenticate'));
    if (response.status === 403 && params['error'] !== 'insufficient_scope') return undefined;
    if (request.retries.filter((retry) => retry === 'credentials').length >= (this.#options.maxRetries ?? 2)) return undefined;
    this.#serverUrl ??= request.serverUrl;
    const metadata = params['resource_metadata'];
    await this.#shared(() => this.#authorize({
      serverUrl: request.serverUrl,
      ...(metadata === undefined ? {} : { resourceMetadataUrl: new URL(metadata) }),
      ...(params['scope'] === undefined ? {} : { scope: params['scope'] }),
    }));
    return 'credentials';
  }

  async finishAuth(callback: string | URL): Promise<void> {
    const serverUrl = this.#serverUrl;
    if (serverUrl === undefined) throw new AuthError('interaction', 'finishAuth needs the MCP server: give sdkOAuth a serverUrl, or make a request first');
    const finished = this.#finished;
    try {
      const { code, iss } = callbackCode(callback);
      const result = await this.#run({ serverUrl, authorizationCode: code, ...(iss === undefined ? {} : { iss }) });
      if (result !== 'AUTHORIZED') throw new AuthError('invalid-response', 'The authorization code did not lead to tokens');
      this.#completions += 1;
      finished?.resolve();
    } catch (error) {
      finished?.reject(error);
      throw error;
    }
  }

  /** One flow at a time: every request refused meanwhile waits for the same one. */
  #shared(flow: () => Promise<void>): Promise<void> {
    this.#flight ??= flow().finally(() => (this.#flight = undefined));
    return this.#flight;
  }

  async #authorize(options: SdkAuthOptions): Promise<void> {
    const before = this.#completions;
    if ((await this.#run(options)) === 'AUTHORIZED' || this.#completions !== before) return;
    // The provider sent the user to the authorization server: wait for `finishAuth`.
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    this.#finished = { promise, resolve, reject };
    this.#waiting.next(true);
    try {
      await promise;
    } finally {
      this.#finished = undefined;
      this.#waiting.next(false);
    }
  }

  async #run(options: SdkAuthOptions): Promise<'AUTHORIZED' | 'REDIRECT'> {
    try {
      return await this.#options.auth(this.#provider, { ...options, ...(this.#fetch === undefined ? {} : { fetchFn: this.#fetch }) });
    } catch (error) {
      throw flowError(error);
    }
  }
}

/**
 * Uses an official MCP SDK `OAuthClientProvider` (the one an app already has for the SDK's transports) as the
 * authorization of rxmcp's HTTP transports: `streamableHttp(url, { auth: sdkOAuth(provider, { auth }) })`, with
 * `auth` imported from the SDK. Every request carries the provider's access token; a 401 (or a 403
 * `insufficient_scope`) runs the SDK's `auth` once for all requests refused meanwhile and repeats them. When the
 * flow sends the user away (`REDIRECT`), those requests wait (the client pauses their time limits) until
 * `finishAuth(callbackUrl)`. Failures are `AuthError`s; the SDK's own errors have reason `provider` and are kept as
 * `cause`.
 */
export function sdkOAuth<P extends SdkOAuthClientProvider>(provider: P, options: SdkOAuthOptions<P>): SdkOAuth {
  return new SdkOAuthAdapter(provider, options);
}
