// The HTTP engines the HTTP fault specs run on: the platform `fetch` and undici's `request` API (`undiciFetch`,
// the default of the main entry in Node). Every HTTP fault spec runs once per engine, with the same assertions.
import type { FetchLike } from '../../../src/index.js';
import { undiciFetch } from '../../../src/node/undici-fetch.js';

/** One HTTP engine: its name (in the spec titles) and the `fetch` option that selects it. */
export interface HttpEngine {
  readonly name: 'fetch' | 'undici';
  readonly fetch: FetchLike;
}

/** The platform `fetch`, then undici. */
export const HTTP_ENGINES: readonly HttpEngine[] = [
  { name: 'fetch', fetch: (input, init) => globalThis.fetch(input, init) },
  { name: 'undici', fetch: undiciFetch() },
];

/** `describe(title, …)` once per engine, the engine's name appended to the title. */
export function describeOnEngines(title: string, body: (engine: HttpEngine) => void): void {
  for (const engine of HTTP_ENGINES) describe(`${title} (${engine.name})`, () => body(engine));
}
