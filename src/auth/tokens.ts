import { readStored, storageKeys } from './storage.js';
import type { IssuedToken } from './token-endpoint.js';
import type { AuthStorage } from './types.js';

/** Tokens as the provider keeps them: for one resource, from one issuer. */
export interface StoredTokens {
  readonly accessToken: string;
  readonly tokenType: 'Bearer' | 'DPoP';
  /** When the access token expires, in ms since the epoch (unknown: never, until refused). */
  readonly expiresAt?: number;
  readonly refreshToken?: string;
  /** The scope granted (or requested, when the server did not say). */
  readonly scope?: string;
  /** The scope the client asked for. */
  readonly requestedScope?: string;
  readonly issuer: string;
  readonly resource: string;
  /** For DPoP-bound tokens: the thumbprint of the key they are bound to. */
  readonly jkt?: string;
}

/** Which issuer and resource a server URL uses now. */
export interface ServerBinding {
  readonly issuer: string;
  readonly resource: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** True for tokens read back from storage. */
export function isStoredTokens(value: unknown): value is StoredTokens {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Record<string, unknown>;
  return (
    isString(tokens['accessToken']) && (tokens['tokenType'] === 'Bearer' || tokens['tokenType'] === 'DPoP') &&
    isString(tokens['issuer']) && isString(tokens['resource'])
  );
}

const isBinding = (value: unknown): value is ServerBinding =>
  typeof value === 'object' && value !== null && isString((value as ServerBinding).issuer) && isString((value as ServerBinding).resource);

/** Tokens from a token response, stamped with where they are valid. */
export function storedTokens(
  issued: IssuedToken,
  context: { issuer: string; resource: string; requestedScope: string | undefined; now: number; jkt: string | undefined; previous?: StoredTokens },
): StoredTokens {
  const refreshToken = issued.refreshToken ?? context.previous?.refreshToken;
  const scope = issued.scope ?? context.requestedScope ?? context.previous?.scope;
  const requestedScope = context.requestedScope ?? context.previous?.requestedScope;
  return {
    accessToken: issued.accessToken,
    tokenType: issued.tokenType,
    issuer: context.issuer,
    resource: context.resource,
    ...(issued.expiresIn === undefined ? {} : { expiresAt: context.now + issued.expiresIn * 1000 }),
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(scope === undefined ? {} : { scope }),
    ...(requestedScope === undefined ? {} : { requestedScope }),
    ...(issued.tokenType === 'DPoP' && context.jkt !== undefined ? { jkt: context.jkt } : {}),
  };
}

/** The tokens a server URL uses now, if any. */
export async function loadTokens(storage: AuthStorage, serverUrl: string): Promise<StoredTokens | undefined> {
  const binding = await readStored(storage, storageKeys.server(serverUrl), isBinding);
  if (binding === undefined) return undefined;
  const tokens = await readStored(storage, storageKeys.tokens(binding.issuer, binding.resource), isStoredTokens);
  return tokens?.issuer === binding.issuer && tokens.resource === binding.resource ? tokens : undefined;
}

/** Stores `tokens` (by issuer and resource) and makes them the ones `serverUrl` uses. */
export async function saveTokens(storage: AuthStorage, serverUrl: string, tokens: StoredTokens): Promise<void> {
  await storage.set(storageKeys.tokens(tokens.issuer, tokens.resource), JSON.stringify(tokens));
  await storage.set(storageKeys.server(serverUrl), JSON.stringify({ issuer: tokens.issuer, resource: tokens.resource }));
}

/** Forgets the tokens `serverUrl` uses. */
export async function forgetTokens(storage: AuthStorage, serverUrl: string): Promise<void> {
  const binding = await readStored(storage, storageKeys.server(serverUrl), isBinding);
  if (binding !== undefined) await storage.delete(storageKeys.tokens(binding.issuer, binding.resource));
  await storage.delete(storageKeys.server(serverUrl));
}

/** The scopes of a space-separated scope string. */
export const scopeList = (scope: string | undefined): string[] => (scope ?? '').split(' ').filter((s) => s !== '');
