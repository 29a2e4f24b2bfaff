import type { WebSocketConstructor } from '../../src/transport/websocket.js';

/** Where the legacy-SSE and WebSocket fixture servers of the shared specs are. */
export interface SseWsFixtureUrls {
  /** Origin serving `/__rxmcp/legacy-sse/*`. */
  readonly httpBase: string;
  /** `ws://127.0.0.1:<port>` of the WebSocket fixture (paths `/mcp`, `/bare`). */
  readonly wsBase: string;
  /** `http://127.0.0.1:<port>` of the same fixture (GET `/closes?tag=`). */
  readonly wsHttpBase: string;
  /** The WebSocket constructor to use where there is no global one (the `ws` package's, in Node). */
  readonly WebSocket?: WebSocketConstructor;
}

/**
 * The fixture URLs: from the Node helper (sse-ws-server.ts) when it is loaded, else from the karma server the
 * page came from.
 */
export async function sseWsFixtureUrls(): Promise<SseWsFixtureUrls> {
  const fromNode = (globalThis as { __rxmcpSseWsFixtures?: () => Promise<SseWsFixtureUrls> }).__rxmcpSseWsFixtures;
  if (fromNode !== undefined) return fromNode();
  const response = await fetch('/__rxmcp/ws-url');
  const { wsUrl, httpUrl } = (await response.json()) as { wsUrl: string; httpUrl: string };
  return { httpBase: globalThis.location.origin, wsBase: wsUrl, wsHttpBase: httpUrl };
}

/** How the fixture saw the connection tagged `tag` close (waits up to 3 s for it), or `undefined`. */
export async function wsCloseOf(urls: SseWsFixtureUrls, tag: string): Promise<{ code: number; reason: string } | undefined> {
  const response = await fetch(`${urls.wsHttpBase}/closes?tag=${encodeURIComponent(tag)}`);
  return response.ok ? ((await response.json()) as { code: number; reason: string }) : undefined;
}
