// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * OAuth 2.1 for the HTTP transports, in two styles: rxmcp's own {@link oauth} provider (discovery, dynamic or
 * pre-registered clients, PKCE, DPoP, refresh), with redirect handlers for browsers and headless use and token
 * storages; and {@link sdkOAuth}, which runs an `OAuthClientProvider` written for the official SDK. The Node-only
 * pieces (loopback redirect, file storage) are in `rxmcp/node`.
 *
 * @packageDocumentation
 * @module rxmcp/oauth
 */
export { oauth } from './provider.js';
export { AuthError, UrlRefusedError } from './errors.js';
export type { AuthErrorReason, AuthErrorOptions, UrlRefusedErrorOptions } from './errors.js';
export type { UrlGuardOptions, UrlGuardResolver } from './url-guard.js';
export { headlessRedirect } from './redirect.js';
export type { HeadlessRedirectOptions } from './redirect.js';
export { browserRedirect, popupRedirect, completePopupRedirect } from './browser-redirect.js';
export type { BrowserRedirectOptions, PopupRedirectOptions, PopupWindowLike } from './browser-redirect.js';
export { memoryStorage, webStorage } from './storage.js';
export type { WebStorageLike } from './storage.js';
export type {
  OAuthOptions, OAuthProvider, OAuthGrant, AuthState, AuthStatus, AuthStorage, RedirectHandler, AuthorizationRequest,
  PreRegisteredClient, ClientMetadata, TokenEndpointAuthMethod, DpopOption,
} from './types.js';
export type { JwsAlgorithm, PrivateKeyInput } from './jwt.js';
export type { HttpAuth, HttpAuthRequest, HttpAuthResponse, HttpAuthRetry } from '../transport/streamable-http-auth.js';
export { sdkOAuth } from './sdk-oauth.js';
export type {
  SdkOAuth, SdkOAuthOptions, SdkOAuthClientProvider, SdkOAuthTokens, SdkAuthFunction, SdkAuthOptions, SdkFetchLike,
} from './sdk-oauth.js';
