// The HTTP engines the HTTP fault specs run on: the platform `fetch` and undici's `request` API (`undiciFetch`,
// the default of the main entry in Node). Every HTTP fault spec runs once per engine, with the same assertions.
import { httpTransport, streamableHttp, type FetchLike, type HttpTransport, type HttpTransportOptions, type StreamableHttpTransport } from '../../../src/index.js';
import { httpTransport as nodeHttpTransport, streamableHttp as nodeStreamableHttp } from '../../../src/node/http-defaults.js';
import { undiciFetch } from '../../../src/node/undici-fetch.js';

/** One HTTP engine: its name (in the spec titles), the `fetch` option that selects it and transports made on it. */
export interface HttpEngine {
  readonly name: 'fetch' | 'undici';
  readonly fetch: FetchLike;
  /** `streamableHttp` on this engine (undici: the Node default, no `fetch` option). */
  streamableHttp(url: string): StreamableHttpTransport;
  /** `httpTransport` on this engine (undici: the Node default; its HTTP+SSE fallback keeps `fetch`). */
  httpTransport(url: string, options?: HttpTransportOptions): HttpTransport;
}

const platformFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** The platform `fetch`, then undici. */
export const HTTP_ENGINES: readonly HttpEngine[] = [
  {
    name: 'fetch',
    fetch: platformFetch,
    streamableHttp: (url) => streamableHttp(url, { fetch: platformFetch }),
    httpTransport: (url, options) => httpTransport(url, { fetch: platformFetch, ...options }),
  },
  { name: 'undici', fetch: undiciFetch(), streamableHttp: (url) => nodeStreamableHttp(url), httpTransport: (url, options) => nodeHttpTransport(url, options) },
];

/** `describe(title, …)` once per engine, the engine's name appended to the title. */
export function describeOnEngines(title: string, body: (engine: HttpEngine) => void): void {
  for (const engine of HTTP_ENGINES) describe(`${title} (${engine.name})`, () => body(engine));
}
