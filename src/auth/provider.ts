import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import { McpError } from '../errors/mcp-error.js';
import type { HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from '../transport/streamable-http-auth.js';
import { discoverAuthorizationServer, discoverResource, legacyAuthorizationServer, type AuthorizationServer } from './discovery.js';
import { DpopSigner } from './dpop.js';
import { AuthError } from './errors.js';
import { obtainTokens, redeemCallback, refreshTokens } from './flows.js';
import { renewShared } from './renewal.js';
import { createRuntime, type AuthRuntime } from './runtime.js';
import { chooseScope, type ScopeChallenge } from './scopes.js';
import { forgetTokens, loadTokens, type StoredTokens } from './tokens.js';
import type { AuthState, OAuthOptions, OAuthProvider } from './types.js';
import { parseWwwAuthenticate, tokenChallenge } from './www-authenticate.js';
import { canonicalResource } from './urls.js';

/** What one 401 or 403 asks for. */
interface Challenge extends ScopeChallenge {
  readonly metadataUrl: string | undefined;
  readonly protocolVersion: string | undefined;
  /** The tokens the refused request carried. */
  readonly sent: StoredTokens | undefined;
}

class OAuthProviderImpl implements OAuthProvider {
  readonly #state = new BehaviorSubject<AuthState>({ status: 'idle' });
  readonly state$: Observable<AuthState> = this.#state.asObservable();
  readonly waitingForUser$: Observable<boolean> = this.#state.pipe(
    map((state) => state.status === 'waiting-for-user'),
    distinctUntilChanged(),
  );
  readonly #options: OAuthOptions;
  readonly #runtime: AuthRuntime;
  readonly #servers = new Map<string, Promise<AuthorizationServer>>();
  readonly #sent = new WeakMap<HttpAuthRequest, StoredTokens | undefined>();
  readonly #stepUps = new Map<string, number>();
  #serverUrl: string | undefined;
  /** The server said it takes DPoP (a `DPoP` challenge, or its resource metadata). */
  #serverTakesDpop = false;
  #signer: Promise<DpopSigner> | undefined;
  #flight: Promise<void> | undefined;
  /** The access token the last request carried: the authorization context of what it answered. */
  #lastToken: string | undefined;

  constructor(options: OAuthOptions) {
    this.#options = options;
    this.#runtime = createRuntime(options, {
      dpopFor: (server) => this.#dpopFor(server),
      report: (state) => this.#state.next(state),
      serverUrl: () => this.#serverUrl,
    });
  }

  async headers(request: HttpAuthRequest): Promise<Readonly<Record<string, string>>> {
    const serverUrl = this.#bind(request.serverUrl);
    let tokens = await this.#usable(await loadTokens(this.#runtime.storage, serverUrl));
    if (tokens !== undefined && this.#expired(tokens)) tokens = await this.#renewed(serverUrl, tokens);
    this.#sent.set(request, tokens);
    this.#lastToken = tokens?.accessToken;
    if (tokens === undefined) return {};
    if (tokens.tokenType === 'Bearer') return { authorization: `Bearer ${tokens.accessToken}` };
    const signer = await this.#dpopSigner();
    const proof = await signer.proof(request.method, request.url, Math.floor(this.#runtime.now() / 1000), tokens.accessToken);
    return { authorization: `DPoP ${tokens.accessToken}`, dpop: proof };
  }

  partition(): string | undefined {
    return this.#lastToken;
  }

  async challenge(request: HttpAuthRequest, response: HttpAuthResponse): Promise<HttpAuthRetry | undefined> {
    const serverUrl = this.#bind(request.serverUrl);
    const header = response.headers.get('www-authenticate');
    const params = tokenChallenge(header);
    if (parseWwwAuthenticate(header).some((offered) => offered.scheme === 'dpop')) this.#serverTakesDpop = true;
    const challenge: Challenge = {
      metadataUrl: params['resource_metadata'],
      scope: params['scope'],
      protocolVersion: request.protocolVersion,
      sent: this.#sent.get(request),
    };
    if (response.status === 403) {
      if (params['error'] !== 'insufficient_scope') return undefined;
      await this.#shared(() => this.#stepUp(serverUrl, challenge));
      return 'credentials';
    }
    if (params['error'] === 'use_dpop_nonce' && this.#signer !== undefined && response.headers.get('dpop-nonce') !== null) {
      (await this.#signer).rememberNonce(request.url, response.headers.get('dpop-nonce'));
      if (!request.retries.includes('nonce')) return 'nonce';
    }
    if (request.retries.includes('credentials')) {
      throw this.#failed(new AuthError('rejected', `${serverUrl} refused the access token it was just given`, { status: 401 }));
    }
    const current = await loadTokens(this.#runtime.storage, serverUrl);
    if (current !== undefined && current.accessToken !== challenge.sent?.accessToken && this.#flight === undefined) return 'credentials';
    await this.#shared(() => this.#reauthorize(serverUrl, challenge));
    return 'credentials';
  }

  observe(request: HttpAuthRequest, response: HttpAuthResponse): void {
    const nonce = response.headers.get('dpop-nonce');
    if (nonce !== null && this.#signer !== undefined) void this.#signer.then((signer) => signer.rememberNonce(request.url, nonce));
    if (response.status >= 200 && response.status < 300) this.#stepUps.clear();
  }

  async completeAuthorization(callbackUrl: string | URL): Promise<void> {
    this.#state.next({ status: 'authorizing' });
    try {
      const { tokens } = await redeemCallback(this.#runtime, String(callbackUrl), undefined, (serverUrl) => this.#bind(serverUrl));
      this.#state.next({ status: 'authorized', issuer: tokens.issuer });
    } catch (error) {
      throw this.#failed(error);
    }
  }

  async hasTokens(): Promise<boolean> {
    return this.#serverUrl !== undefined && (await loadTokens(this.#runtime.storage, this.#serverUrl)) !== undefined;
  }

  async signOut(): Promise<void> {
    if (this.#serverUrl !== undefined) await forgetTokens(this.#runtime.storage, this.#serverUrl);
    this.#state.next({ status: 'idle' });
  }

  /** Binds the provider to the first server it serves; tokens are never offered to another one. */
  #bind(serverUrl: string): string {
    const canonical = canonicalResource(serverUrl);
    this.#serverUrl ??= canonical;
    if (this.#serverUrl !== canonical) {
      throw new AuthError('wrong-server', `This OAuth provider serves ${this.#serverUrl}, not ${canonical}: create one provider per server`);
    }
    return canonical;
  }

  #expired(tokens: StoredTokens): boolean {
    return tokens.expiresAt !== undefined && this.#runtime.now() >= tokens.expiresAt - (this.#options.refreshBeforeMs ?? 30_000);
  }

  /** Drops DPoP-bound tokens whose key this provider does not hold (a reload made a new key). */
  async #usable(tokens: StoredTokens | undefined): Promise<StoredTokens | undefined> {
    if (tokens?.tokenType !== 'DPoP') return tokens;
    return tokens.jkt === (await (await this.#dpopSigner()).thumbprint()) ? tokens : undefined;
  }

  /** Expired tokens renewed (refresh, or the machine grant again), or `undefined` to let the server ask. */
  async #renewed(serverUrl: string, tokens: StoredTokens): Promise<StoredTokens | undefined> {
    if (tokens.refreshToken === undefined && this.#runtime.grant.type === 'authorization_code') return undefined;
    const server = await this.#authorizationServer(tokens.issuer).catch(() => undefined);
    if (server === undefined) return undefined;
    const renew = (used: StoredTokens) =>
      used.refreshToken !== undefined
        ? refreshTokens(this.#runtime, server, serverUrl, used)
        : obtainTokens(this.#runtime, { serverUrl, resource: used.resource, server, scope: used.requestedScope });
    // A refusal forgot the tokens used (and only them): what the store holds now is the answer either way.
    await this.#shared(async () => void (await renewShared(this.#runtime.storage, serverUrl, tokens, renew)));
    return loadTokens(this.#runtime.storage, serverUrl);
  }

  /** One authorization at a time: concurrent callers share the one in flight. */
  #shared(task: () => Promise<void>): Promise<void> {
    if (this.#flight !== undefined) return this.#flight;
    const flight = task().finally(() => {
      if (this.#flight === flight) this.#flight = undefined;
    });
    this.#flight = flight;
    return flight;
  }

  async #reauthorize(serverUrl: string, challenge: Challenge): Promise<void> {
    this.#state.next({ status: 'authorizing' });
    try {
      const { resource, metadata, server } = await this.#discover(serverUrl, challenge);
      const sent = challenge.sent;
      if (sent?.refreshToken !== undefined && sent.issuer === server.issuer && sent.resource === resource && (await this.#refreshed(server, serverUrl, sent))) {
        this.#state.next({ status: 'authorized', issuer: server.issuer });
        return;
      }
      const scope = chooseScope(challenge, metadata, server, this.#runtime);
      await obtainTokens(this.#runtime, { serverUrl, resource, server, scope });
      this.#state.next({ status: 'authorized', issuer: server.issuer });
    } catch (error) {
      throw this.#failed(error);
    }
  }

  /** Refreshes the refused `tokens` (or takes those another caller stored meanwhile); false when refused. */
  async #refreshed(server: AuthorizationServer, serverUrl: string, tokens: StoredTokens): Promise<boolean> {
    const renewal = await renewShared(this.#runtime.storage, serverUrl, tokens, (used) => refreshTokens(this.#runtime, server, serverUrl, used));
    return 'tokens' in renewal;
  }

  async #stepUp(serverUrl: string, challenge: Challenge): Promise<void> {
    this.#state.next({ status: 'authorizing' });
    try {
      const { resource, metadata, server } = await this.#discover(serverUrl, challenge);
      const scope = chooseScope(challenge, metadata, server, this.#runtime, challenge.sent?.requestedScope ?? challenge.sent?.scope);
      const key = scope ?? '';
      const done = this.#stepUps.get(key) ?? 0;
      if (done >= (this.#options.maxStepUps ?? 2)) {
        throw new AuthError('rejected', `${serverUrl} still answers insufficient_scope after ${done} re-authorizations for "${key}"`, { status: 403 });
      }
      this.#stepUps.set(key, done + 1);
      await obtainTokens(this.#runtime, { serverUrl, resource, server, scope });
      this.#state.next({ status: 'authorized', issuer: server.issuer });
    } catch (error) {
      throw this.#failed(error);
    }
  }

  async #discover(serverUrl: string, challenge: Challenge) {
    const { fetch } = this.#runtime;
    const info = await discoverResource(fetch, serverUrl, challenge.metadataUrl, challenge.protocolVersion);
    if (info.metadata === undefined) {
      const server = await legacyAuthorizationServer(fetch, serverUrl, challenge.protocolVersion);
      this.#servers.set(server.issuer, Promise.resolve(server));
      return { resource: info.resource, metadata: undefined, server };
    }
    if (info.metadata.dpop_bound_access_tokens_required === true || info.metadata.dpop_signing_alg_values_supported?.includes('ES256')) {
      this.#serverTakesDpop = true;
    }
    const issuer = this.#preferredIssuer(info.issuers);
    if (issuer === undefined) throw new AuthError('discovery', `The protected resource metadata of ${serverUrl} lists no authorization server`);
    return { resource: info.resource, metadata: info.metadata, server: await this.#authorizationServer(issuer) };
  }

  /** The issuer to use: one pre-registered credentials name, else the first listed. */
  #preferredIssuer(issuers: readonly string[]): string | undefined {
    const named = this.#runtime.identity.preRegistered.map((client) => client.issuer);
    return issuers.find((issuer) => named.includes(issuer)) ?? issuers[0];
  }

  #authorizationServer(issuer: string): Promise<AuthorizationServer> {
    let server = this.#servers.get(issuer);
    if (server === undefined) {
      server = discoverAuthorizationServer(this.#runtime.fetch, issuer);
      server.catch(() => this.#servers.delete(issuer));
      this.#servers.set(issuer, server);
    }
    return server;
  }

  #dpopSigner(): Promise<DpopSigner> {
    const option = this.#options.dpop;
    this.#signer ??= DpopSigner.create(typeof option === 'object' ? option.keyPair : undefined);
    return this.#signer;
  }

  async #dpopFor(server: AuthorizationServer): Promise<DpopSigner | undefined> {
    const option = this.#options.dpop ?? 'auto';
    if (option === false) return undefined;
    const asTakesDpop = server.metadata.dpop_signing_alg_values_supported?.includes('ES256') === true;
    if (option === 'auto' && !(asTakesDpop && this.#serverTakesDpop)) return undefined;
    return this.#dpopSigner();
  }

  #failed(error: unknown): McpError {
    const failure = McpError.is(error) ? error : new AuthError('discovery', error instanceof Error ? error.name : 'Authorization failed');
    this.#state.next({ status: 'failed', error: failure });
    return failure;
  }
}

/**
 * An OAuth 2.1 provider for the HTTP transports: `streamableHttp(url, { auth: oauth({ redirect }) })`.
 *
 * On a 401 it discovers the server's authorization server (RFC 9728 protected resource metadata, RFC 8414 /
 * OpenID metadata, the 2025-03-26 fallbacks), identifies the client (pre-registered credentials, a client ID
 * metadata document, dynamic registration), gets tokens with the configured grant (authorization code with
 * PKCE S256 by default) and has the request sent again once. Refreshes expired tokens (one refresh at a time,
 * shared by every waiting request and every provider of the process on the same storage, under the storage's
 * lock when it has one, so processes sharing a `fileStorage` refresh a rotating refresh token once), re-authorizes for more scope on 403 `insufficient_scope` (a bounded number
 * of times), and binds tokens to the server and issuer they were issued for.
 * @example
 * ```ts
 * import { createClient, streamableHttp } from 'rxmcp';
 * import { browserRedirect, oauth, webStorage } from 'rxmcp/oauth';
 *
 * const auth = oauth({ redirect: browserRedirect(), storage: webStorage(sessionStorage) });
 * const client = createClient(streamableHttp('https://example.com/mcp', { auth }));
 * ```
 */
export function oauth(options: OAuthOptions = {}): OAuthProvider {
  return new OAuthProviderImpl(options);
}
