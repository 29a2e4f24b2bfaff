import { randomUUID } from 'node:crypto';
import {
  isInitializeRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

interface LegacySession {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: McpServer;
}

const jsonRpcError = (status: number, code: number, message: string): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return undefined;
  }
}

/**
 * Sessionful 2025-era Streamable HTTP serving: one server instance and one transport per `Mcp-Session-Id`, created by
 * `initialize`. Unlike the package's stateless legacy fallback this keeps a connection per client, so server→client
 * requests (elicitation, sampling), the standalone GET stream and unsolicited notifications work.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();

  constructor(private readonly factory: () => McpServer) {}

  /** The number of open sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /** Serves one 2025-era HTTP request (POST, GET or DELETE). */
  async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.sessions.get(sessionId);
      if (session === undefined) return jsonRpcError(404, -32001, 'Session not found');
      return session.transport.handleRequest(request);
    }
    if (request.method !== 'POST') return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const body = await readJson(request);
    if (!isInitializeRequest(body)) return jsonRpcError(400, -32000, 'Bad Request: Server not initialized');
    return this.open(request, body);
  }

  /** Closes every session. */
  async close(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map((session) => session.server.close().catch(() => undefined)));
  }

  private async open(request: Request, body: unknown): Promise<Response> {
    const server = this.factory();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }
}
