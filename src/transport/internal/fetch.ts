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

function loadCrossFetch(): Promise<FetchLike> {
  crossFetch ??= import('cross-fetch').then((module: CrossFetchModule) => {
    const fallback = module.default;
    const found = module.fetch ?? (typeof fallback === 'function' ? fallback : fallback?.fetch);
    if (found === undefined) throw new TypeError('cross-fetch did not provide a fetch function');
    return found;
  });
  return crossFetch;
}

/** `fetch` through `cross-fetch`, loaded on first use only. */
const lazyCrossFetch: FetchLike = (input, init) => loadCrossFetch().then((fetch) => fetch(input, init));

/**
 * Picks the `fetch` a transport uses, once, when the transport is created: the injected one, else the
 * platform's `globalThis.fetch`, else the `cross-fetch` ponyfill (imported lazily, on the first request).
 */
export function resolveFetch(injected?: FetchLike): FetchLike {
  if (injected !== undefined) return injected;
  const platform = (globalThis as { fetch?: typeof fetch }).fetch;
  if (typeof platform === 'function') return (input, init) => platform(input, init);
  return lazyCrossFetch;
}
