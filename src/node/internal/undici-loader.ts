// Loading undici on the first request, and only the parts the engine uses: the keep-alive `Agent`, the `request`
// API and the redirect interceptor. The package's main module also loads undici's fetch, WebSocket, cache and cookie
// code, and its cookie module touches the global `Headers`, which loads Node's own copy of undici as well: measured
// here, about 12 MB of RSS for the parts against about 30 MB for the main module and Node's copy together.
import type { Dispatcher } from 'undici';

/** What the engine needs of undici. */
export interface UndiciParts {
  /** A new keep-alive agent (a pool of connections per origin). */
  agent(): Dispatcher;
  /** The redirect interceptor, for `Dispatcher.compose`. */
  redirect(maxRedirections: number): Dispatcher.DispatcherComposeInterceptor;
  /** undici's `request` API on `dispatcher` (options with `origin` and `path`). */
  request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

type AgentClass = new () => Dispatcher;
type RequestApi = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
type RedirectInterceptor = (options: { maxRedirections: number }) => Dispatcher.DispatcherComposeInterceptor;

/**
 * The module names in variables: bundlers leave undici out, and a process that never speaks HTTP never loads it.
 * The parts are files of the package (it has no `exports` map); when a later undici moves them, the main module is
 * loaded instead.
 */
const PARTS = ['undici/lib/dispatcher/agent.js', 'undici/lib/api/index.js', 'undici/lib/interceptor/redirect.js'] as const;
const MAIN = 'undici';

const load = (name: string): Promise<{ default: unknown }> => import(/* webpackIgnore: true */ /* @vite-ignore */ name) as Promise<{ default: unknown }>;

async function fromParts(): Promise<UndiciParts> {
  const [agent, api, redirect] = await Promise.all(PARTS.map(load));
  const Agent = agent?.default as AgentClass;
  const request = (api?.default as { request?: RequestApi } | undefined)?.request;
  const interceptor = redirect?.default as RedirectInterceptor;
  if (typeof Agent !== 'function' || typeof request !== 'function' || typeof interceptor !== 'function') throw new TypeError('undici parts moved');
  return {
    agent: () => new Agent(),
    redirect: (maxRedirections) => interceptor({ maxRedirections }),
    request: (dispatcher, options) => request.call(dispatcher, options),
  };
}

async function fromMain(): Promise<UndiciParts> {
  const undici = (await import(/* webpackIgnore: true */ /* @vite-ignore */ MAIN)) as typeof import('undici');
  return {
    agent: () => new undici.Agent(),
    redirect: (maxRedirections) => undici.interceptors.redirect({ maxRedirections }),
    request: (dispatcher, options) => dispatcher.request(options),
  };
}

/** undici's parts, from its files, else from its main module. */
export function loadUndiciParts(): Promise<UndiciParts> {
  return fromParts().catch(() => fromMain());
}
