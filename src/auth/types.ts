import type { Observable, SchedulerLike } from 'rxjs';
import type { McpError } from '../errors/mcp-error.js';
import type { FetchLike } from '../transport/internal/fetch.js';
import type { HttpAuth } from '../transport/streamable-http-auth.js';
import type { JwsAlgorithm, PrivateKeyInput } from './jwt.js';
import type { UrlGuardOptions } from './url-guard.js';

/** How the client authenticates at the token endpoint (RFC 8414 `token_endpoint_auth_methods_supported`). */
export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** Credentials the client was registered with out of band. */
export interface PreRegisteredClient {
  /** The `client_id` the authorization server issued. */
  readonly clientId: string;
  /** The `client_secret`, for a confidential client. */
  readonly clientSecret?: string;
  /**
   * The authorization server (issuer) they belong to. Without it they are bound to the first issuer they are
   * used with, and never sent to another one.
   */
  readonly issuer?: string;
  /** Default: what the authorization server supports that these credentials allow. */
  readonly tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /** The key of `private_key_jwt` (a Web Crypto key, a JWK or PKCS #8 PEM). */
  readonly privateKey?: PrivateKeyInput;
  /** The JWS algorithm of `privateKey` (default: what a JWK says, else ES256). */
  readonly signingAlgorithm?: JwsAlgorithm;
}

/** Client metadata for dynamic client registration (RFC 7591); `redirect_uris` come from the redirect handler. */
export interface ClientMetadata {
  /** The client's name, shown to the user on the consent page. */
  readonly client_name?: string;
  /** The client's home page. */
  readonly client_uri?: string;
  /** The client's logo. */
  readonly logo_uri?: string;
  /** Whom to contact about the client (e-mail addresses). */
  readonly contacts?: readonly string[];
  /** The client's terms of service. */
  readonly tos_uri?: string;
  /** The client's privacy policy. */
  readonly policy_uri?: string;
  /** An identifier of the client software, the same for every installation. */
  readonly software_id?: string;
  /** The client software's version. */
  readonly software_version?: string;
  /** Other RFC 7591 members, sent as given. */
  readonly [member: string]: unknown;
}

/** What the authorization server sees of one authorization request, for a redirect handler. */
export interface AuthorizationRequest {
  /** The URL to send the user to. */
  readonly url: string;
  /** The `state` the callback must carry back. */
  readonly state: string;
  /** The redirect URI the callback goes to. */
  readonly redirectUri: string;
  /** The authorization server's issuer. */
  readonly issuer: string;
}

/**
 * How the user authorizes: sends them to the authorization URL and hands back the URL the authorization server
 * redirected to. rxmcp ships `browserRedirect`, `popupRedirect`, `headlessRedirect` and (in `rxmcp/node`)
 * `loopbackRedirect`.
 */
export interface RedirectHandler {
  /** The redirect URI to register and to send (called before each authorization). */
  redirectUri(): string | Promise<string>;
  /**
   * Sends the user to `request.url`; resolves with the callback URL. A full-page redirect never resolves: the
   * page is left, and the new page calls `provider.completeAuthorization(location.href)`.
   */
  authorize(request: AuthorizationRequest): Promise<string>;
  /** The RFC 7591 `application_type` this kind of redirect implies (default: from the redirect URI). */
  readonly applicationType?: 'native' | 'web';
}

/** Async key-value storage for tokens, client registrations and pending authorizations. */
export interface AuthStorage {
  /** The value under `key`; `undefined` or `null` when there is none. */
  get(key: string): string | undefined | null | Promise<string | undefined | null>;
  /** Stores `value` under `key`. */
  set(key: string, value: string): void | Promise<void>;
  /** Removes what is under `key`. */
  delete(key: string): void | Promise<void>;
  /**
   * Optional: runs `task` while holding a lock on `key` that every user of the same store respects, other
   * processes included, and settles as `task` does. The provider refreshes tokens under it (it reads the stored
   * tokens again inside, so a refresh another process made is used, not repeated); a storage shared by
   * several processes should have one. Not re-entrant: `task` must not call `lock` again.
   */
  lock?<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** The grant the provider uses to get tokens. */
export type OAuthGrant =
  | {
      /** The authorization code flow with PKCE: the user signs in through the redirect handler. */
      readonly type: 'authorization_code';
    }
  | {
      /** Client credentials: a service without a user, with the pre-registered client's secret or key. */
      readonly type: 'client_credentials';
    }
  | {
      /** JWT bearer (RFC 7523): an assertion the client already has, e.g. a workload identity token. */
      readonly type: 'jwt_bearer';
      /** Gives the assertion; called for each token request, so it may return a fresh one. */
      readonly assertion: () => string | Promise<string>;
    }
  | {
      /** The enterprise-managed flow: the user's IdP token exchanged for an ID-JAG, then JWT bearer. */
      readonly type: 'enterprise';
      /** The user's ID token from the enterprise IdP (the subject of the token exchange). */
      readonly idToken: () => string | Promise<string>;
      /** The IdP's token endpoint (RFC 8693 token exchange). */
      readonly idpTokenEndpoint: string;
      /** The client's `client_id` at the IdP. */
      readonly idpClientId?: string;
      /** The client's secret at the IdP. */
      readonly idpClientSecret?: string;
    };

/**
 * DPoP (RFC 9449). `auto` (default) binds tokens when both sides take it: the authorization server advertises
 * ES256 and the MCP server answered with a `DPoP` challenge or lists DPoP in its resource metadata. `true` sends
 * proofs to the token endpoint always (the server decides); a P-256 ECDSA `keyPair` (kept in IndexedDB, say)
 * also keeps bound tokens usable across reloads.
 */
export type DpopOption = boolean | 'auto' | {
  /** The P-256 ECDSA key pair that signs the proofs. */
  readonly keyPair: CryptoKeyPair;
};

/** Options of `oauth`. */
export interface OAuthOptions {
  /** How tokens are obtained (default: the authorization code flow with PKCE). */
  readonly grant?: OAuthGrant;
  /** The user interaction of the authorization code flow. */
  readonly redirect?: RedirectHandler;
  /** Pre-registered credentials (one per issuer), preferred over any other client identity. */
  readonly client?: PreRegisteredClient | readonly PreRegisteredClient[];
  /** An https URL serving this client's metadata document (CIMD), used where the server supports it. */
  readonly clientMetadataUrl?: string;
  /** Client metadata for dynamic client registration (default `client_name: 'rxmcp'`). */
  readonly clientMetadata?: ClientMetadata;
  /** RFC 7591 `application_type` (default: the redirect handler's, else `native` for loopback redirects). */
  readonly applicationType?: 'native' | 'web';
  /** Ask for `offline_access` (a refresh token) when the authorization server lists it (default true). */
  readonly offlineAccess?: boolean;
  /** Sender-constrained tokens (DPoP, RFC 9449); default `auto`. */
  readonly dpop?: DpopOption;
  /** Re-authorizations for more scope (403 `insufficient_scope`) per scope set before giving up (default 2). */
  readonly maxStepUps?: number;
  /** Where tokens and registrations live (default: memory). */
  readonly storage?: AuthStorage;
  /** The `fetch` for discovery, registration and token requests (default `globalThis.fetch`). */
  readonly fetch?: FetchLike;
  /**
   * The URL guard of every URL the provider follows (metadata, endpoints, redirects): loopback, private,
   * link-local, shared (CGNAT), unspecified, multicast and cloud metadata addresses are refused (`UrlRefusedError`)
   * unless `allow` lists them. The MCP server's own host always passes, and loopback when the server is on
   * loopback. In Node, `nodeUrlGuard()` of `rxmcp/node` also checks what host names resolve to and pins each
   * request to the checked address. `false` turns the guard off. Default: on; in Node (the `node` build of
   * `rxmcp/oauth`) `nodeUrlGuard()`, elsewhere literal hosts only.
   */
  readonly urlGuard?: UrlGuardOptions | false;
  /** The clock of token expiry and JWT timestamps (default `asyncScheduler`). */
  readonly scheduler?: SchedulerLike;
  /** Refresh tokens this long before they expire, in ms (default 30000). */
  readonly refreshBeforeMs?: number;
}

/** What the provider is doing. */
export type AuthStatus = 'idle' | 'authorizing' | 'waiting-for-user' | 'authorized' | 'failed';

/** The provider's state, for UIs. Never carries a token. */
export interface AuthState {
  /** What the provider is doing. */
  readonly status: AuthStatus;
  /** The authorization server in use, once known. */
  readonly issuer?: string;
  /** While `waiting-for-user`: where the user was sent. */
  readonly authorizationUrl?: string;
  /** After `failed`: why. */
  readonly error?: McpError;
}

/** An OAuth 2.1 authorization provider for the HTTP transports (`streamableHttp(url, { auth })`). */
export interface OAuthProvider extends HttpAuth {
  /**
   * The provider's state.
   *
   * - **Temperature:** hot; replays the current state.
   * - **Emits:** the current state, then every change.
   * - **Completes:** never. **Errors:** never.
   * - **Teardown:** none (only stops listening).
   */
  readonly state$: Observable<AuthState>;
  /**
   * True while the flow waits for the user (to pause request time limits, or show a hint).
   *
   * - **Temperature:** hot; replays the current value.
   * - **Emits:** the current value, then every change.
   * - **Completes:** never. **Errors:** never.
   * - **Teardown:** none.
   */
  readonly waitingForUser$: Observable<boolean>;
  /** Finishes an authorization whose page was left for the authorization server (full-page redirect). */
  completeAuthorization(callbackUrl: string | URL): Promise<void>;
  /** True when a token for the server is stored (it may still be refused). */
  hasTokens(): Promise<boolean>;
  /** Forgets the tokens of the server (registrations are kept). */
  signOut(): Promise<void>;
}
