import { AuthError } from './errors.js';
import { storageKeys } from './storage.js';
import { forgetTokens, loadTokens, type StoredTokens } from './tokens.js';
import type { AuthStorage } from './types.js';

// Renewing a credential that several callers share: the requests of one provider, the providers of one process
// that share a storage, the processes that share a file. Refresh tokens may be single-use (rotation), so a second
// refresh with the same refresh token fails with invalid_grant: every path below makes sure it is not sent.

/** The renewals in flight, per storage and credential. */
const flights = new WeakMap<AuthStorage, Map<string, Promise<unknown>>>();

/** Runs `task` once for every concurrent caller with the same storage and key: they share the one in flight. */
export function singleFlight<T>(storage: AuthStorage, key: string, task: () => Promise<T>): Promise<T> {
  let running = flights.get(storage);
  if (running === undefined) flights.set(storage, (running = new Map()));
  const current = running.get(key);
  if (current !== undefined) return current as Promise<T>;
  const table = running;
  const flight = task().finally(() => {
    if (table.get(key) === flight) table.delete(key);
  });
  table.set(key, flight);
  return flight;
}

/** Runs `task` under the storage's lock for `key`, when it has one (see `AuthStorage.lock`). */
export function underLock<T>(storage: AuthStorage, key: string, task: () => Promise<T>): Promise<T> {
  return storage.lock === undefined ? task() : storage.lock(key, task);
}

/** True when `stored` are other tokens than `used`: someone renewed them (or signed in again) meanwhile. */
export function replaced(stored: StoredTokens, used: StoredTokens): boolean {
  return stored.accessToken !== used.accessToken || stored.refreshToken !== used.refreshToken;
}

/**
 * Forgets the tokens of `serverUrl` only when the store still holds `used` (compare and delete): tokens
 * another caller stored meanwhile are newer, and are kept. True when it forgot them.
 */
export async function forgetTokensIfSame(storage: AuthStorage, serverUrl: string, used: StoredTokens): Promise<boolean> {
  const stored = await loadTokens(storage, serverUrl);
  if (stored !== undefined && replaced(stored, used)) return false;
  await forgetTokens(storage, serverUrl);
  return true;
}

/** True for a token endpoint's refusal (`invalid_grant` and the like): terminal for the tokens used. */
export function refusedByTokenEndpoint(error: unknown): boolean {
  return AuthError.is(error) && (error as AuthError).reason === 'token' && (error as AuthError).oauthError !== undefined;
}

/** How a renewal ended: with tokens (renewed here or by another caller), or refused, the used tokens forgotten. */
export type Renewal = { readonly tokens: StoredTokens } | { readonly refused: AuthError };

/**
 * Renews `used` (the tokens of `serverUrl` a caller found too old) with `renew`, once: concurrent callers of
 * this process share one renewal, and it runs under the storage's lock, where the stored tokens are read again:
 * when they are no longer `used`, another caller (or process) renewed them, and they are the answer. A refusal
 * of the token endpoint forgets `used` (only them: tokens stored meanwhile by a caller that does not share the
 * lock, such as another tab on the same `localStorage`, are kept and are the answer), and ends as `refused`; any
 * other failure is thrown.
 */
export function renewShared(
  storage: AuthStorage,
  serverUrl: string,
  used: StoredTokens,
  renew: (tokens: StoredTokens) => Promise<StoredTokens>,
): Promise<Renewal> {
  const key = storageKeys.tokens(used.issuer, used.resource);
  return singleFlight(storage, key, () =>
    underLock(storage, key, async (): Promise<Renewal> => {
      const stored = await loadTokens(storage, serverUrl);
      if (stored !== undefined && replaced(stored, used)) return { tokens: stored };
      try {
        return { tokens: await renew(used) };
      } catch (error) {
        if (!refusedByTokenEndpoint(error)) throw error;
        if (await forgetTokensIfSame(storage, serverUrl, used)) return { refused: error as AuthError };
        // Refused because another caller without the lock rotated the refresh token first: take its tokens.
        const newer = await loadTokens(storage, serverUrl);
        return newer === undefined ? { refused: error as AuthError } : { tokens: newer };
      }
    }),
  );
}
