import { firstValueFrom, lastValueFrom, of, Subject, toArray } from 'rxjs';
import { McpError } from '../../src/errors/mcp-error.js';
import { TransportError } from '../../src/errors/errors.js';
import { httpTransport } from '../../src/transport/auto-http.js';
import { legacySse } from '../../src/transport/legacy-sse.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import type { HttpAuth, HttpAuthRequest, HttpAuthRetry } from '../../src/transport/streamable-http-auth.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import type { OutboundFrame } from '../../src/transport/types.js';

interface Seen {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly redirect: RequestRedirect | undefined;
}

/** A fetch answering with `answer(request, count)`, recording every request. */
function fakeFetch(answer: (seen: Seen, index: number) => Response) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    const request = { url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, redirect: init.redirect };
    seen.push(request);
    return answer(request, seen.length - 1);
  };
  return { fetch, seen };
}

/** An auth that has no token until `challenge`, then a numbered one per challenge. */
function countingAuth(verdict: HttpAuthRetry | undefined = 'credentials', first = 0) {
  let generation = first;
  const requests: HttpAuthRequest[] = [];
  const challenged: HttpAuthRequest[] = [];
  const auth: HttpAuth = {
    headers: (request) => {
      requests.push(request);
      const headers: Record<string, string> = generation === 0 ? {} : { Authorization: `Bearer token-${generation}` };
      return of(headers);
    },
    challenge: (request) => {
      challenged.push(request);
      generation += 1;
      return Promise.resolve(verdict);
    },
  };
  return { auth, requests, challenged };
}

const unauthorized = () => new Response('{}', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
const result = (id: number) => Response.json({ jsonrpc: '2.0', id, result: {} });
const PING: OutboundFrame = { message: { jsonrpc: '2.0', id: 1, method: 'ping' } };
const URL_ = 'https://mcp.example/mcp';

describe('the HTTP transports with an HttpAuth', () => {
  it('streamableHttp asks for headers on every request, and on 401 asks challenge and sends again with new ones', async () => {
    const { fetch, seen } = fakeFetch((request) => (request.headers['authorization'] ? result(1) : unauthorized()));
    const { auth, requests, challenged } = countingAuth();
    const frames = await lastValueFrom(streamableHttp(URL_, { fetch, auth }).exchange(PING).pipe(toArray()));
    expect(frames.map((frame) => (frame.message as { id: number }).id)).toEqual([1]);
    expect(seen.map((request) => request.headers['authorization'])).toEqual([undefined, 'Bearer token-1']);
    expect(challenged.length).toBe(1);
    expect(challenged[0]).toBe(requests[0]!);
    expect(requests[1]?.retries).toEqual(['credentials']);
    expect(requests[0]?.serverUrl).toBe(URL_);
  });

  it('hands the 401 to the transport when challenge declines', async () => {
    const { fetch } = fakeFetch(() => unauthorized());
    const error = await firstValueFrom(streamableHttp(URL_, { fetch, auth: countingAuth(undefined).auth }).exchange(PING)).catch((e: unknown) => e);
    expect(TransportError.is(error)).toBeTrue();
    expect((error as TransportError).status).toBe(401);
  });

  it('fails the request with the error challenge fails with', async () => {
    const { fetch } = fakeFetch(() => unauthorized());
    const failure = new McpError('auth', 'no way');
    const auth: HttpAuth = { headers: () => of({}), challenge: () => Promise.reject(failure) };
    await expectAsync(firstValueFrom(streamableHttp(URL_, { fetch, auth }).exchange(PING))).toBeRejectedWith(failure);
  });

  it('sends a request at most six more times, however often challenge asks', async () => {
    const { fetch, seen } = fakeFetch(() => unauthorized());
    const error = await firstValueFrom(streamableHttp(URL_, { fetch, auth: countingAuth().auth }).exchange(PING)).catch((e: unknown) => e);
    expect((error as TransportError).status).toBe(401);
    expect(seen.length).toBe(7);
  });

  it('follows redirects of credentialed requests itself: fresh credentials within the origin, none after leaving it', async () => {
    const { fetch, seen } = fakeFetch((request) => {
      if (request.url === URL_) return new Response(null, { status: 307, headers: { location: '/v2/mcp' } });
      if (request.url === 'https://mcp.example/v2/mcp') return new Response(null, { status: 308, headers: { location: 'https://cdn.example/mcp' } });
      return result(1);
    });
    const auth = countingAuth('credentials', 1);
    const transport = streamableHttp(URL_, { fetch, auth: auth.auth });
    await lastValueFrom(transport.exchange(PING).pipe(toArray()));
    expect(seen.map((request) => [request.url, request.headers['authorization'], request.redirect])).toEqual([
      [URL_, 'Bearer token-1', 'manual'],
      ['https://mcp.example/v2/mcp', 'Bearer token-1', 'manual'],
      ['https://cdn.example/mcp', undefined, 'manual'],
    ]);
    expect(auth.requests.map((request) => request.url)).toEqual([URL_, 'https://mcp.example/v2/mcp']);
  });

  it('legacySse sends the credentials with the event stream GET and with every POST, after a 401 on the GET', async () => {
    const stream = new Subject<string>();
    const { fetch, seen } = fakeFetch((request) => {
      if (request.method === 'POST') return new Response(null, { status: 202 });
      if (!request.headers['authorization']) return unauthorized();
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => void stream.subscribe((text) => controller.enqueue(new TextEncoder().encode(text))),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const { auth } = countingAuth();
    const outbound = new Subject<OutboundFrame>();
    const subscription = legacySse('https://mcp.example/sse', { fetch, auth }).connect(outbound).subscribe();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.next('event: endpoint\ndata: /messages?session=1\n\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    outbound.next(PING);
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(seen.map((request) => [request.method, request.url, request.headers['authorization']])).toEqual([
      ['GET', 'https://mcp.example/sse', undefined],
      ['GET', 'https://mcp.example/sse', 'Bearer token-1'],
      ['POST', 'https://mcp.example/messages?session=1', 'Bearer token-1'],
    ]);
  });

  it('httpTransport hands the auth to the Streamable HTTP transport it tries first', async () => {
    const { fetch, seen } = fakeFetch((request) => (request.headers['authorization'] ? result(1) : unauthorized()));
    const transport = httpTransport(URL_, { fetch, auth: countingAuth().auth, openGetStream: false });
    const frames = await firstValueFrom(transport.connect(of(PING)));
    expect((frames.message as { id: number }).id).toBe(1);
    expect(seen.at(-1)?.headers['authorization']).toBe('Bearer token-1');
  });
});
