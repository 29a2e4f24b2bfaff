import { BehaviorSubject } from 'rxjs';
import { popupRedirect, type AuthorizationRequest, type RedirectHandler } from 'rxmcp/oauth';

/** An authorization waiting for the user to open the sign-in popup. */
export interface PendingSignIn {
  readonly issuer: string;
  /** Opens the popup; call it from the click handler (browsers block popups opened later). */
  open(): void;
}

/**
 * The OAuth redirect of the page: `popupRedirect`, opened from a click. The authorization starts when a request
 * meets a 401, long after the user's click on Connect, and browsers block popups that no gesture opened; so the
 * flow waits on `pending$` until the user presses Sign in, and the popup opens inside that click.
 */
export class SignIn {
  readonly pending$ = new BehaviorSubject<PendingSignIn | undefined>(undefined);
  private readonly popup: RedirectHandler;

  constructor(readonly redirectUri: string) {
    this.popup = popupRedirect({ redirectUri });
  }

  /** The `RedirectHandler` for `oauth({ redirect })`. */
  readonly redirect: RedirectHandler = {
    redirectUri: () => this.redirectUri,
    authorize: (request: AuthorizationRequest) =>
      new Promise<string>((resolve, reject) => {
        this.pending$.next({
          issuer: request.issuer,
          open: () => {
            this.pending$.next(undefined);
            this.popup.authorize(request).then(resolve, reject);
          },
        });
      }),
  };
}
