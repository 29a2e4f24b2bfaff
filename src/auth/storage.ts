import type { AuthStorage } from './types.js';

/**
 * Storage in memory: tokens live as long as the provider (the default). Give several providers the same one
 * to share registrations between them.
 */
export function memoryStorage(): AuthStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}

/** The part of the DOM `Storage` (`localStorage`, `sessionStorage`) that `webStorage` uses. */
export interface WebStorageLike {
  /** The value under `key`, `null` when there is none. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
  /** Removes what is under `key`. */
  removeItem(key: string): void;
}

/**
 * Storage in a DOM `Storage`, default `globalThis.localStorage`: tokens survive reloads and full-page
 * redirects. Anything that runs script on the page can read them; prefer memory storage (and refresh tokens)
 * where that matters. Keys are prefixed with `prefix` (default `rxmcp.oauth.`).
 */
export function webStorage(storage?: WebStorageLike, prefix = 'rxmcp.oauth.'): AuthStorage {
  const target = storage ?? (globalThis as { localStorage?: WebStorageLike }).localStorage;
  if (target === undefined) throw new TypeError('webStorage needs a Storage (no globalThis.localStorage here)');
  return {
    get: (key) => target.getItem(prefix + key),
    set: (key, value) => target.setItem(prefix + key, value),
    delete: (key) => target.removeItem(prefix + key),
  };
}

/** Reads a JSON value from `storage`; anything unreadable counts as absent. */
export async function readStored<T>(storage: AuthStorage, key: string, valid: (value: unknown) => value is T): Promise<T | undefined> {
  const text = await storage.get(key);
  if (typeof text !== 'string') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Storage keys: tokens by issuer and resource, the issuer and resource a server URL uses now, registrations by
 * issuer, the issuer a pre-registered client id was first used with, pending authorizations by state.
 */
export const storageKeys = {
  tokens: (issuer: string, resource: string) => `tokens ${issuer} ${resource}`,
  server: (serverUrl: string) => `server ${serverUrl}`,
  client: (issuer: string) => `client ${issuer}`,
  binding: (clientId: string) => `binding ${clientId}`,
  pending: (state: string) => `pending ${state}`,
};
