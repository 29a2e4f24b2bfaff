import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { HttpAuth, HttpAuthRequest, HttpAuthResponse } from '../index.js';
import { AuthError, oauth, type RedirectHandler, type UrlGuardOptions } from '../auth/index.js';
import { fileStorage, loopbackRedirect, nodeUrlGuard } from '../node/index.js';
import { appSettingsFolder, type LocationContext } from '../config/node/locations.js';
import type { Output } from './output.js';
import { tokenChallenge } from '../auth/www-authenticate.js';

/** The file the tool keeps OAuth tokens and client registrations in (mode 0600). */
export function tokenFile(context: LocationContext): string {
  return join(appSettingsFolder(context), 'rxmcp', 'oauth.json');
}

/** Authorization of one run, with what it saw of the server's challenges. */
export interface CliAuth {
  readonly auth: HttpAuth;
  /** The `resource_metadata` URL of the last 401, if any. */
  readonly resourceMetadata: () => string | undefined;
  readonly tokenFile: string;
  /** Stops the loopback listener, if one is waiting. */
  readonly close: () => void;
}

/** What signing in needs of the run. */
export interface AuthPlace extends LocationContext {
  readonly out: Output;
  /** Somebody can sign in (a terminal, or `--oauth`). */
  readonly canSignIn: boolean;
  readonly browser: boolean;
  readonly openUrl: ((url: string) => void | Promise<void>) | undefined;
}

/** The command that opens `url`: `$BROWSER` (a command and its arguments, no shell), else the platform's opener. */
export function openerCommand(url: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): [string, string[]] {
  const browser = env['BROWSER']?.split(':')[0]?.trim().split(/\s+/).filter((word) => word !== '') ?? [];
  const [command, ...args] = browser;
  if (command !== undefined) return [command, args.some((arg) => arg.includes('%s')) ? args.map((arg) => arg.replace('%s', url)) : [...args, url]];
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

/** Opens a URL (see `openerCommand`); failures are ignored: the URL is printed anyway. */
function openWithSystem(url: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): void {
  const [command, args] = openerCommand(url, env, platform);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // The URL is on stderr; the user can open it by hand.
  }
}

function opener(place: AuthPlace): (url: string) => Promise<void> {
  return async (url) => {
    place.out.stderr.write(`${place.out.errStyle(['bold', 'magenta'], 'Sign in:')} open ${url}\n`);
    if (place.openUrl !== undefined) await place.openUrl(url);
    else if (place.browser && (place.env['BROWSER'] !== undefined || place.out.errIsTerminal)) openWithSystem(url, place.env, place.platform);
  };
}

/** A redirect handler for runs where nobody can sign in: the flow stops before anything is registered. */
const nobodyToSignIn: RedirectHandler = {
  redirectUri: () => {
    throw new AuthError('interaction', 'The server needs a sign-in, and nobody is at a terminal to do it');
  },
  authorize: () => Promise.reject(new AuthError('interaction', 'The server needs a sign-in, and nobody is at a terminal to do it')),
};

function recording(provider: HttpAuth, seen: { resourceMetadata?: string }): HttpAuth {
  return {
    headers: (request) => provider.headers(request),
    challenge: (request: HttpAuthRequest, response: HttpAuthResponse) => {
      const resourceMetadata = tokenChallenge(response.headers.get('www-authenticate'))['resource_metadata'];
      if (resourceMetadata !== undefined) seen.resourceMetadata = resourceMetadata;
      return provider.challenge(request, response);
    },
    ...(provider.observe === undefined ? {} : { observe: (request: HttpAuthRequest, response: HttpAuthResponse) => provider.observe?.(request, response) }),
    ...(provider.waitingForUser$ === undefined ? {} : { waitingForUser$: provider.waitingForUser$ }),
  };
}

/**
 * The URL guard of the command line: `nodeUrlGuard()` with what `RXMCP_OAUTH_ALLOW` lists (host names, addresses
 * and CIDR blocks, comma-separated), or none at all when it says `off`.
 */
export function cliUrlGuard(env: Readonly<Record<string, string | undefined>>): UrlGuardOptions | false {
  const value = env['RXMCP_OAUTH_ALLOW']?.trim() ?? '';
  if (value.toLowerCase() === 'off') return false;
  return nodeUrlGuard({ allow: value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '') });
}

/**
 * OAuth for a remote server: stored tokens (and their refresh) are always used; signing in, through the browser
 * and a one-shot listener on 127.0.0.1, only when somebody can (`canSignIn`). Tokens and registrations are kept in
 * `tokenFile` (mode 0600).
 */
export function cliAuth(place: AuthPlace): CliAuth {
  const file = tokenFile(place);
  const seen: { resourceMetadata?: string } = {};
  const loopback = place.canSignIn ? loopbackRedirect({ open: opener(place) }) : undefined;
  const provider = oauth({
    redirect: loopback ?? nobodyToSignIn,
    storage: fileStorage(file),
    clientMetadata: { client_name: 'rxmcp' },
    urlGuard: cliUrlGuard(place.env),
  });
  return { auth: recording(provider, seen), resourceMetadata: () => seen.resourceMetadata, tokenFile: file, close: () => loopback?.close() };
}
