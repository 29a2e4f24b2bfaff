import { execFile } from 'node:child_process';
import crossFetch from 'cross-fetch';
import { concat, filter, firstValueFrom, NEVER, of, Subject, take, throwError, timeout, toArray } from 'rxjs';
import { McpError } from '../../src/errors/mcp-error.js';
import { RpcError, TransportError } from '../../src/errors/errors.js';
import type { FetchLike } from '../../src/transport/internal/fetch.js';
import { SessionExpiredError } from '../../src/transport/streamable-http-errors.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import type { StreamableHttpHealth } from '../../src/transport/streamable-http-options.js';
import type { OutboundFrame } from '../../src/transport/types.js';
import {
  collect,
  initializedFrame,
  initializeFrame,
  legacyCall,
  legacyFrame,
  modernFrame,
  modernMeta,
  toolText,
} from '../helpers/http-server-frames.js';
import { routeUrl, type StreamableHttpFixtureUrls, streamableHttpFixtures, uniqueTag, waitForLog } from '../helpers/http-server-urls.js';
import { sseHead, startTinyServer, type TinyServer } from '../helpers/http-server-tiny.js';

const nodeFetch = crossFetch as unknown as FetchLike;
const result = (id: unknown, value: object) => JSON.stringify({ jsonrpc: '2.0', id, result: value });
const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
const FAST = { initialDelayMs: 20, maxRetries: 2 };

describe('streamableHttp in Node, with cross-fetch (node-fetch v2 bodies)', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });

  it('reads JSON and event-stream bodies that are Node streams', async () => {
    const json = streamableHttp(routeUrl(urls.base, 'modern'), { fetch: nodeFetch });
    const listed = await collect(json.exchange(modernFrame(1, 'tools/list')));
    expect(listed[0]?.message).toEqual(jasmine.objectContaining({ id: 1, result: jasmine.anything() }));
    const sse = streamableHttp(routeUrl(urls.base, 'modern-sse'), { fetch: nodeFetch });
    const echoed = await collect(sse.exchange(modernFrame(2, 'tools/call', { name: 'echo', arguments: { text: 'node stream' } })));
    expect(toolText(echoed[echoed.length - 1]?.message)).toBe('node stream');
  });

  it('runs a v1 session: initialize, session id, GET stream and DELETE', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'sessions'), { fetch: nodeFetch });
    await collect(transport.exchange(initializeFrame(0)));
    const sessionId = transport.sessionId ?? '';
    expect(sessionId).not.toBe('');
    const outbound$ = new Subject<OutboundFrame>();
    const connection = transport.connect(outbound$).subscribe();
    outbound$.next(initializedFrame());
    await firstValueFrom(transport.health().pipe(filter((health) => health.getStream === 'open'), timeout(3000)));
    connection.unsubscribe();
    expect(await waitForLog(urls.base, sessionId, 'session-closed')).toBeDefined();
  });

  it('aborts a node-fetch POST on unsubscribe, and the v1 server sees the request go away', async () => {
    const tag = uniqueTag('node-abort');
    const transport = streamableHttp(routeUrl(urls.base, 'sessions'), { fetch: nodeFetch });
    await collect(transport.exchange(initializeFrame(0)));
    const exchange = transport.exchange(legacyCall(1, 'slow', { ms: 10_000, tag })).subscribe();
    expect(await waitForLog(urls.base, tag, 'tool-started')).toBeDefined();
    exchange.unsubscribe();
    expect(await waitForLog(urls.base, tag, 'disconnect')).toBeDefined();
  });
});

describe('streamableHttp in Node, without a global fetch', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });

  it('falls back to the cross-fetch ponyfill, loaded on the first request', async () => {
    const transportModule = new URL('../../src/transport/streamable-http.ts', import.meta.url).href;
    const script = `
      delete globalThis.fetch;
      const { streamableHttp } = await import(${JSON.stringify(transportModule)});
      const { lastValueFrom, toArray } = await import('rxjs');
      const transport = streamableHttp(${JSON.stringify(routeUrl(urls.base, 'modern-sse'))});
      const message = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ${JSON.stringify(modernMeta())} } };
      const frames = await lastValueFrom(transport.exchange({ message, headers: { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' } }).pipe(toArray()));
      console.log(JSON.stringify({ hasFetch: 'fetch' in globalThis, ids: frames.map((frame) => frame.message.id) }));`;
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 15_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    expect(JSON.parse(output.trim())).toEqual({ hasFetch: false, ids: [1] });
  }, 20_000);
});

describe('streamableHttp in Node, failure handling', () => {
  let server: TinyServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('fails with a TransportError when nothing listens', async () => {
    const probe = await startTinyServer((_request, res) => res.end());
    const url = probe.url;
    await probe.close();
    const failure = (await failureOf(collect(streamableHttp(url).exchange(modernFrame(1, 'tools/list'))))) as TransportError;
    expect(TransportError.is(failure)).toBe(true);
    expect(failure.status).toBeUndefined();
    expect(failure.message).toContain('POST');
  });

  it('fails the exchange with the header hook error (rxmcp errors unchanged, others as TransportError)', async () => {
    server = await startTinyServer((_request, res) => res.end());
    const rpc = new RpcError(-1, 'no token');
    const withRpc = streamableHttp(server.url, { requestHeaders: () => throwError(() => rpc) });
    expect(await failureOf(collect(withRpc.exchange(modernFrame(1, 'tools/list'))))).toBe(rpc);
    const withPlain = streamableHttp(server.url, { requestHeaders: () => Promise.reject(new Error('vault locked')) });
    const plain = (await failureOf(collect(withPlain.exchange(modernFrame(2, 'tools/list'))))) as McpError;
    expect(TransportError.is(plain)).toBe(true);
    expect(plain.message).toContain('vault locked');
    expect(server.requests.length).toBe(0);
  });

  it('resumes a POST stream that breaks after an event id, after the reconnection delay', async () => {
    server = await startTinyServer((request, res) => {
      sseHead(res);
      if (request.method === 'POST') {
        res.write('id: a1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n');
        setTimeout(() => res.socket?.destroy(), 20);
      } else {
        res.end(`id: a2\ndata: ${result(7, { resumed: request.headers['last-event-id'] })}\n\n`);
      }
    });
    const transport = streamableHttp(server.url, { reconnect: { initialDelayMs: 150 } });
    const frames = await collect(transport.exchange(legacyCall(7, 'echo', {})));
    expect(frames.map((frame) => frame.info?.eventId)).toEqual(['a1', 'a2']);
    expect(frames[1]?.message).toEqual({ jsonrpc: '2.0', id: 7, result: { resumed: 'a1' } });
    const [post, get] = server.requests;
    expect(get?.method).toBe('GET');
    expect((get?.at ?? 0) - (post?.at ?? 0)).toBeGreaterThanOrEqual(150);
  });

  it('reports a GET stream that keeps failing as a failure frame of the stream, keeps the connection, and tries again later', async () => {
    server = await startTinyServer((request, res) => {
      if (request.method !== 'POST') return void res.writeHead(503).end('busy');
      const notification = request.body?.id === undefined;
      res.writeHead(notification ? 202 : 200, { 'content-type': 'application/json', 'mcp-session-id': 'fail-session' });
      res.end(notification ? undefined : result(request.body?.id, {}));
    });
    const transport = streamableHttp(server.url, { reconnect: { ...FAST, maxDelayMs: 200 }, terminateSession: false });
    await collect(transport.exchange(initializeFrame(0)));
    const frames = transport.connect(concat(of(initializedFrame()), NEVER));
    const degraded = await firstValueFrom(frames.pipe(filter((frame) => frame.failure !== undefined), take(2), toArray(), timeout(4000)));
    expect(degraded.map((frame) => [frame.failure?.stream, (frame.failure?.error as TransportError).status])).toEqual([['GET stream', 503], ['GET stream', 503]]);
    expect(server.requests.filter((request) => request.method === 'GET').length).toBeGreaterThanOrEqual(6);
    expect(server.requests.filter((request) => request.method === 'POST').length).toBe(2);
  });

  it('takes 405 on GET as "no GET stream" and keeps the connection', async () => {
    server = await startTinyServer((request, res) => {
      if (request.method === 'GET') return void res.writeHead(405).end();
      res.writeHead(request.body?.id === undefined ? 202 : 200, { 'content-type': 'application/json', 'mcp-session-id': 's405' });
      res.end(request.body?.id === undefined ? undefined : result(request.body.id, {}));
    });
    const transport = streamableHttp(server.url, { reconnect: FAST, terminateSession: false });
    const states: StreamableHttpHealth['getStream'][] = [];
    transport.health().subscribe((health) => states.push(health.getStream));
    const outbound$ = new Subject<OutboundFrame>();
    const frames = collect(transport.connect(outbound$));
    await collect(transport.exchange(initializeFrame(0)));
    outbound$.next(initializedFrame());
    await firstValueFrom(transport.health().pipe(filter((health) => health.getStream === 'unsupported'), timeout(3000)));
    outbound$.next(initializedFrame());
    outbound$.complete();
    expect(await frames).toEqual([]);
    expect(server.requests.filter((request) => request.method === 'GET').length).toBe(1);
    expect(states).toContain('unsupported');
  });

  it('errors the connection with SessionExpiredError when a written notification gets 404', async () => {
    server = await startTinyServer((request, res) => {
      if (request.method !== 'POST') return void res.writeHead(405).end();
      if (request.body?.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'gone' });
        return void res.end(result(request.body.id, {}));
      }
      res.writeHead(404).end();
    });
    const transport = streamableHttp(server.url, { openGetStream: false });
    await collect(transport.exchange(initializeFrame(0)));
    const failure = await failureOf(collect(transport.connect(of(initializedFrame()))));
    expect(SessionExpiredError.is(failure)).toBe(true);
    expect(transport.sessionId).toBeUndefined();
  });

  it('POSTs requests written to connect and emits their responses there', async () => {
    server = await startTinyServer((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(result(request.body?.id, { echoed: request.body?.method }));
    });
    const transport = streamableHttp(server.url);
    const frames = await collect(transport.connect(of(legacyFrame({ jsonrpc: '2.0', id: 9, method: 'ping' }))));
    expect(frames.map((frame) => frame.message)).toEqual([{ jsonrpc: '2.0', id: 9, result: { echoed: 'ping' } }]);
    expect(server.requests[0]?.headers['accept']).toBe('application/json, text/event-stream');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('repeats the last MCP-Protocol-Version and the session id on GET and DELETE', async () => {
    server = await startTinyServer((request, res) => {
      if (request.method === 'GET') return void res.writeHead(405).end();
      if (request.method === 'DELETE') return void res.writeHead(200).end();
      res.writeHead(request.body?.id === undefined ? 202 : 200, { 'content-type': 'application/json', 'mcp-session-id': 'v-session' });
      res.end(request.body?.id === undefined ? undefined : result(request.body.id, {}));
    });
    const transport = streamableHttp(server.url);
    await collect(transport.exchange(initializeFrame(0)));
    await collect(transport.connect(of(initializedFrame())));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const byMethod = (method: string) => server?.requests.find((request) => request.method === method)?.headers;
    expect(byMethod('GET')?.['mcp-protocol-version']).toBe('2025-11-25');
    expect(byMethod('GET')?.['mcp-session-id']).toBe('v-session');
    expect(byMethod('DELETE')?.['mcp-protocol-version']).toBe('2025-11-25');
    expect(byMethod('DELETE')?.['mcp-session-id']).toBe('v-session');
  });
});
