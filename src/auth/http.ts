import type { FetchLike } from '../transport/internal/fetch.js';
import { networkFailure, UrlRefusedError, type AuthErrorReason } from './errors.js';

/** Largest authorization document or token response read, in characters. */
const MAX_BODY = 1024 * 1024;

/** An answer of an authorization request: status, headers and the body as JSON (`undefined` if it is not). */
export interface JsonAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly json: unknown;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_BODY || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GETs a JSON document. A network failure (a CORS refusal in a browser included) or an unreadable body gives
 * `undefined`, so discovery can try the next location; a URL the URL guard refuses is an error (`UrlRefusedError`).
 */
export async function getJson(
  fetch: FetchLike,
  url: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<JsonAnswer | undefined> {
  try {
    const response = await fetch(url, { method: 'GET', headers: { accept: 'application/json', ...headers } });
    return { status: response.status, ok: response.ok, headers: response.headers, json: await readJson(response) };
  } catch (error) {
    if (UrlRefusedError.is(error)) throw error;
    return undefined;
  }
}

/** POSTs a body (form or JSON) and reads the JSON answer; a network failure is an `AuthError` of `reason`. */
export async function postForJson(
  fetch: FetchLike,
  url: string,
  init: { readonly headers: Readonly<Record<string, string>>; readonly body: string },
  what: string,
  reason: AuthErrorReason,
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { accept: 'application/json', ...init.headers }, body: init.body, redirect: 'error' });
  } catch (error) {
    throw networkFailure(reason, what, error);
  }
  return { status: response.status, ok: response.ok, headers: response.headers, json: await readJson(response) };
}
