// Where the Streamable HTTP fixture servers are, for specs that run in Node and in the browser alike.

/** URLs of the Streamable HTTP fixtures (routes under `/__rxmcp/streamable-http/`). */
export interface StreamableHttpFixtureUrls {
  /** Origin serving the routes (the karma server in the browser, a node:http server in Node). */
  readonly base: string;
  /** Another origin serving the same routes with CORS headers. */
  readonly crossOrigin: string;
}

/** One event a fixture server recorded (see spec/support/http-log.cjs). */
export interface ServerLogEntry {
  readonly tag: string;
  readonly event: string;
  readonly at: number;
  readonly [key: string]: unknown;
}

/** The fixture URLs: from the Node helper (http-server.ts) when it is loaded, else from the page's origin. */
export async function streamableHttpFixtures(): Promise<StreamableHttpFixtureUrls> {
  const fromNode = (globalThis as { __rxmcpStreamableHttpFixtures?: () => Promise<StreamableHttpFixtureUrls> })
    .__rxmcpStreamableHttpFixtures;
  if (fromNode !== undefined) return fromNode();
  const response = await fetch('/__rxmcp/cors-url');
  const { url } = (await response.json()) as { url: string };
  return { base: globalThis.location.origin, crossOrigin: url };
}

/** The URL of route `path` (e.g. `modern`, `scenario/status/500`) on `origin`. */
export const routeUrl = (origin: string, path: string): string => `${origin}/__rxmcp/streamable-http/${path}`;

/** What the fixture servers recorded under `tag`. */
export async function serverLog(origin: string, tag: string): Promise<ServerLogEntry[]> {
  const response = await fetch(`${routeUrl(origin, 'log')}?tag=${encodeURIComponent(tag)}`);
  return (await response.json()) as ServerLogEntry[];
}

/** Polls the server log of `tag` until an entry with `event` appears (up to `timeoutMs`); `undefined` if none. */
export async function waitForLog(
  origin: string,
  tag: string,
  event: string,
  timeoutMs = 3000,
): Promise<ServerLogEntry | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await serverLog(origin, tag)).find((entry) => entry.event === event);
    if (found !== undefined || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A tag unique to one spec run. */
export const uniqueTag = (label: string): string => `${label}-${Math.random().toString(36).slice(2, 10)}`;
