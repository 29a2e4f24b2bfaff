// Tiny hand-written node:http servers on 127.0.0.1, port 0, for Node-only Streamable HTTP specs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a tiny server received (its JSON body parsed, when there was one). */
export interface TinyRequest {
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: { id?: number | string; method?: string } | undefined;
  readonly at: number;
}

/** A running tiny server. */
export interface TinyServer {
  readonly url: string;
  readonly requests: TinyRequest[];
  close(): Promise<void>;
}

/** Answers each request with `handle`, after reading and recording it. */
export async function startTinyServer(
  handle: (request: TinyRequest, res: ServerResponse, index: number) => void,
): Promise<TinyServer> {
  const requests: TinyRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: TinyRequest = {
        method: req.method ?? 'GET',
        headers: req.headers,
        body: text ? (JSON.parse(text) as TinyRequest['body']) : undefined,
        at: Date.now(),
      };
      requests.push(request);
      handle(request, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes an SSE response head. */
export const sseHead = (res: ServerResponse, headers: Record<string, string> = {}): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
};
