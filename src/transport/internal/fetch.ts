import { TransportError } from '../../errors/errors.js';

/**
 * The subset of the WHATWG `fetch` signature the HTTP transports use. Both the platform `fetch` and
 * `cross-fetch` (node-fetch v2 in Node, whose bodies are Node streams) fit it.
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

interface CrossFetchModule {
  readonly fetch?: FetchLike;
  readonly default?: FetchLike | { readonly fetch?: FetchLike };
}

let crossFetch: Promise<FetchLike> | undefined;

/**
 * The ponyfill's module name, held in a variable: bundlers (esbuild, webpack, Rollup/Vite) only follow an `import()`
 * of a literal, so browser bundles never carry cross-fetch (about 3.6 KB gzipped) for a runtime that has `fetch`.
 * The magic comments keep webpack and Vite from warning about the expression.
 */
const CROSS_FETCH = 'cross-fetch';

function loadCrossFetch(): Promise<FetchLike> {
  crossFetch ??= import(/* webpackIgnore: true */ /* @vite-ignore */ CROSS_FETCH).then(
    (module: CrossFetchModule) => {
      const fallback = module.default;
      const found = module.fetch ?? (typeof fallback === 'function' ? fallback : fallback?.fetch);
      if (found === undefined) throw new TransportError('cross-fetch did not provide a fetch function');
      return found;
    },
    (error: unknown) => {
      throw new TransportError('there is no global fetch and the cross-fetch ponyfill could not be loaded: pass `fetch` in the options', { cause: error });
    },
  );
  return crossFetch;
}

/** `fetch` through `cross-fetch`, loaded on first use only. */
const lazyCrossFetch: FetchLike = (input, init) => loadCrossFetch().then((fetch) => fetch(input, init));

/**
 * Picks the `fetch` a transport uses, once, when the transport is created: the injected one, else the
 * platform's `globalThis.fetch`, else the `cross-fetch` ponyfill (imported lazily, on the first request, and only
 * then: bundles leave it out).
 */
export function resolveFetch(injected?: FetchLike): FetchLike {
  if (injected !== undefined) return injected;
  const platform = (globalThis as { fetch?: typeof fetch }).fetch;
  if (typeof platform === 'function') return (input, init) => platform(input, init);
  return lazyCrossFetch;
}
