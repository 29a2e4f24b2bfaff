import { filter, firstValueFrom, interval, map, merge, Observable, take, throwError, timeout } from 'rxjs';
import { AuthError } from './errors.js';
import type { RedirectHandler } from './types.js';

interface PageLocation {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  assign(url: string): void;
}

function page(): PageLocation {
  const location = (globalThis as { location?: PageLocation }).location;
  if (location === undefined) throw new AuthError('interaction', 'Browser redirects need a page (no globalThis.location)');
  return location;
}

/** Options of `browserRedirect`. */
export interface BrowserRedirectOptions {
  /** The redirect URI (default: the current page without query and fragment). */
  readonly redirectUri?: string;
  /** Leaves the page for the authorization URL (default `location.assign`). */
  readonly navigate?: (url: string) => void;
}

/**
 * Full-page redirect: the page navigates to the authorization server and the flow continues on the page the
 * server redirects back to, which calls `provider.completeAuthorization(location.href)` (use `webStorage()` so
 * the pending request survives the navigation). The request that needed authorization does not complete.
 */
export function browserRedirect(options: BrowserRedirectOptions = {}): RedirectHandler {
  return {
    redirectUri: () => options.redirectUri ?? `${page().origin}${page().pathname}`,
    authorize: (request) => {
      (options.navigate ?? ((url: string) => page().assign(url)))(request.url);
      return new Promise<string>(() => undefined);
    },
  };
}

/** The part of a `Window` a popup redirect uses. */
export interface PopupWindowLike {
  /** True once the user (or the page) closed the popup. */
  readonly closed: boolean;
  /** Where the popup is; readable once it is back on this origin. */
  readonly location: {
    /** The popup's URL (reading it throws while another origin is shown). */
    readonly href: string;
  };
  /** Closes the popup. */
  close(): void;
}

/** Options of `popupRedirect`. */
export interface PopupRedirectOptions {
  /** The redirect URI: a page of this origin (it may call `completePopupRedirect()`; default: the current page). */
  readonly redirectUri?: string;
  /** Window features of the popup (default `popup,width=520,height=680`). */
  readonly features?: string;
  /** Opens the popup (default `window.open`); call it from a user gesture, or browsers block it. */
  readonly open?: (url: string, name: string, features: string) => PopupWindowLike | null;
  /** How often the popup's location is checked, in ms (default 200). */
  readonly pollMs?: number;
  /** How long the user has, in ms (default 300000). */
  readonly timeoutMs?: number;
}

/** The channel a callback page announces its URL on (for popups the opener cannot look into). */
const CHANNEL = 'rxmcp-oauth-callback';

function sameDocument(href: string, redirectUri: string): boolean {
  try {
    const url = new URL(href);
    const expected = new URL(redirectUri);
    return url.origin === expected.origin && url.pathname === expected.pathname && (url.search !== '' || url.hash !== '');
  } catch {
    return false;
  }
}

function announced(redirectUri: string): Observable<string> {
  return new Observable<string>((subscriber) => {
    const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
    if (Channel === undefined) return undefined;
    const channel = new Channel(CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string' && sameDocument(event.data, redirectUri)) subscriber.next(event.data);
    };
    return () => channel.close();
  });
}

function readLocation(popup: PopupWindowLike): string | undefined {
  try {
    return popup.location.href;
  } catch {
    return undefined;
  }
}

/**
 * Popup redirect: the authorization page opens in a popup, and the flow continues in this page once the popup
 * reaches the redirect URI (seen by reading the popup's location, or announced by `completePopupRedirect()` on
 * the callback page). Errors with `AuthError('interaction')` when the popup is blocked, closed by the user, or
 * the time runs out.
 */
export function popupRedirect(options: PopupRedirectOptions = {}): RedirectHandler {
  const redirectUri = (): string => options.redirectUri ?? `${page().origin}${page().pathname}`;
  const pollMs = options.pollMs ?? 200;
  return {
    redirectUri,
    authorize: (request) => {
      const open = options.open ?? ((url: string, name: string, features: string) =>
        (globalThis as { open?: (u: string, n: string, f: string) => PopupWindowLike | null }).open?.(url, name, features) ?? null);
      const popup = open(request.url, 'rxmcp-oauth', options.features ?? 'popup,width=520,height=680');
      if (popup === null) return Promise.reject(new AuthError('interaction', 'The authorization popup was blocked'));
      const polled$ = interval(pollMs).pipe(
        map(() => readLocation(popup)),
        filter((href): href is string => href !== undefined && sameDocument(href, request.redirectUri)),
      );
      const closed$ = interval(pollMs).pipe(
        filter(() => popup.closed),
        map((): string => {
          throw new AuthError('interaction', 'The authorization popup was closed before the authorization completed');
        }),
      );
      const done$ = merge(polled$, announced(request.redirectUri), closed$).pipe(
        take(1),
        timeout({ first: options.timeoutMs ?? 300_000, with: () => throwError(() => new AuthError('interaction', 'The user did not complete the authorization in time')) }),
      );
      return firstValueFrom(done$).finally(() => {
        if (!popup.closed) popup.close();
      });
    },
  };
}

/** On the popup's callback page: tells the opener where the authorization server sent the user, then closes. */
export function completePopupRedirect(): void {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (Channel !== undefined) {
    const channel = new Channel(CHANNEL);
    channel.postMessage(page().href);
    channel.close();
  }
  (globalThis as { close?: () => void }).close?.();
}
