import { filter, firstValueFrom, NEVER, of, Subject, take, timeout, toArray } from 'rxjs';
import { SessionExpiredError } from '../../src/transport/streamable-http-errors.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import type { StreamableHttpHealth, StreamableHttpRequestInfo } from '../../src/transport/streamable-http-options.js';
import type { OutboundFrame } from '../../src/transport/types.js';
import {
  collect,
  initializedFrame,
  initializeFrame,
  legacyCall,
  legacyFrame,
  messagesOf,
  modernFrame,
  toolText,
} from '../helpers/http-server-frames.js';
import {
  routeUrl,
  serverLog,
  type StreamableHttpFixtureUrls,
  streamableHttpFixtures,
  uniqueTag,
  waitForLog,
} from '../helpers/http-server-urls.js';

const REGION_TOOL = {
  name: 'region',
  inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
};

describe('streamableHttp, 2026-07-28 shape (official v2 server)', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });

  it('answers a request with a JSON body as one frame and issues no session id', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const frames = await collect(transport.exchange(modernFrame(1, 'tools/list')));
    expect(frames.length).toBe(1);
    expect(frames[0]?.info?.httpStatus).toBe(200);
    const tools = (frames[0]?.message as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((tool) => tool.name)).toContain('echo');
    expect(transport.sessionId).toBeUndefined();
  });

  it('emits the progress notifications of an event-stream response, then the response', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const withToken = modernFrame(2, 'tools/call', { name: 'progress', arguments: { steps: 2 } }, { meta: { progressToken: 'p2' } });
    const messages = messagesOf(await collect(transport.exchange(withToken))) as { method?: string; id?: number }[];
    expect(messages.map((message) => message.method ?? `response ${message.id}`)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'response 2',
    ]);
  });

  it('reads a response the server always streams', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern-sse'));
    const frames = await collect(transport.exchange(modernFrame(3, 'tools/call', { name: 'echo', arguments: { text: 'streamed' } })));
    expect(toolText(frames[frames.length - 1]?.message)).toBe('streamed');
  });

  it('surfaces a 400 whose body is a JSON-RPC error (-32022) as that error frame', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const frames = await collect(transport.exchange(modernFrame(4, 'tools/list', {}, { version: '2099-01-01' })));
    expect(frames.length).toBe(1);
    expect(frames[0]?.info?.httpStatus).toBe(400);
    expect(frames[0]?.message).toEqual(jasmine.objectContaining({ id: 4, error: jasmine.objectContaining({ code: -32022 }) }));
  });

  it('surfaces a 404 with a -32601 body as that error frame', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const frames = await collect(transport.exchange(modernFrame(5, 'no/such-method')));
    expect(frames[0]?.info?.httpStatus).toBe(404);
    expect(frames[0]?.message).toEqual(jasmine.objectContaining({ id: 5, error: jasmine.objectContaining({ code: -32601 }) }));
  });

  it('sends the Mcp-Param-* header of an annotated argument, which the server checks against the body', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const plain = await collect(transport.exchange(modernFrame(6, 'tools/call', { name: 'region', arguments: { region: 'eu-west 1' } }, { tool: REGION_TOOL })));
    expect(toolText(plain[0]?.message)).toBe('eu-west 1');
    const encoded = await collect(transport.exchange(modernFrame(7, 'tools/call', { name: 'region', arguments: { region: 'Zürich' } }, { tool: REGION_TOOL })));
    expect(toolText(encoded[0]?.message)).toBe('=?base64?WsO8cmljaA==?=');
    const missing = await collect(transport.exchange(modernFrame(8, 'tools/call', { name: 'region', arguments: { region: 'x' } })));
    expect(missing[0]?.message).toEqual(jasmine.objectContaining({ error: jasmine.objectContaining({ code: -32020 }) }));
  });

  it('adds the static headers and the per-request hook headers to every request', async () => {
    const seen: StreamableHttpRequestInfo[] = [];
    const transport = streamableHttp(routeUrl(urls.base, 'modern'), {
      headers: { 'X-Static': 'static-value' },
      requestHeaders: (request) => {
        seen.push(request);
        return of({ 'X-Hook': `hook-${seen.length}` });
      },
    });
    const call = (id: number) =>
      collect(transport.exchange(modernFrame(id, 'tools/call', { name: 'headers', arguments: { names: ['x-static', 'x-hook'] } })));
    await call(9);
    const second = await call(10);
    expect(JSON.parse(toolText(second[0]?.message) ?? '')).toEqual({ 'x-static': 'static-value', 'x-hook': 'hook-2' });
    expect(seen.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(seen[1]?.frame?.message).toEqual(jasmine.objectContaining({ id: 10 }));
  });

  it('never opens a GET stream when the server issues no session id', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const states: StreamableHttpHealth['getStream'][] = [];
    const watching = transport.health().subscribe((health) => states.push(health.getStream));
    const connection = transport.connect(NEVER).subscribe();
    await collect(transport.exchange(modernFrame(11, 'tools/list')));
    connection.unsubscribe();
    watching.unsubscribe();
    expect(states.every((state) => state === 'off')).toBe(true);
  });

  it('aborts the POST when the exchange is unsubscribed, which the server takes as cancellation', async () => {
    const tag = uniqueTag('abort');
    const transport = streamableHttp(routeUrl(urls.base, 'modern'));
    const exchange = transport.exchange(modernFrame(12, 'tools/call', { name: 'slow', arguments: { ms: 10_000, tag } })).subscribe();
    expect(await waitForLog(urls.base, tag, 'tool-started')).toBeDefined();
    exchange.unsubscribe();
    expect(await waitForLog(urls.base, tag, 'disconnect')).toBeDefined();
    expect(await waitForLog(urls.base, tag, 'tool-aborted')).toBeDefined();
  });
});

describe('streamableHttp, 2025 shape with sessions (official v1 server)', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });

  async function initialized(path = 'sessions') {
    const transport = streamableHttp(routeUrl(urls.base, path));
    const frames = await collect(transport.exchange(initializeFrame(0)));
    expect((frames[frames.length - 1]?.message as { result?: unknown }).result).toBeDefined();
    await collect(transport.exchange(initializedFrame()));
    return transport;
  }

  it('captures the session id of the initialize response and sends it on later requests', async () => {
    const transport = await initialized();
    const sessionId = transport.sessionId;
    expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
    const frames = await collect(transport.exchange(legacyFrame({ jsonrpc: '2.0', id: 1, method: 'tools/list' })));
    expect(frames[frames.length - 1]?.message).toEqual(jasmine.objectContaining({ id: 1, result: jasmine.anything() }));
    expect(frames[frames.length - 1]?.info?.sessionId).toBe(sessionId);
    expect(await waitForLog(urls.base, sessionId ?? '', 'post')).toBeDefined();
  });

  it('answers notifications with 202 and no frame', async () => {
    const transport = await initialized();
    const frames = await collect(transport.connect(of(initializedFrame())));
    expect(frames).toEqual([]);
  });

  it('reads JSON responses of a session server', async () => {
    const transport = await initialized('sessions-json');
    const frames = await collect(transport.exchange(legacyCall(2, 'echo', { text: 'json' })));
    expect(frames.length).toBe(1);
    expect(toolText(frames[0]?.message)).toBe('json');
  });

  it('opens the GET stream once there is a session and emits its server notifications on connect', async () => {
    const tag = uniqueTag('get');
    const transport = await initialized();
    const outbound$ = new Subject<OutboundFrame>();
    const inbound = transport.connect(outbound$).pipe(
      filter((frame) => (frame.message as { params?: { data?: unknown } }).params?.data === tag),
      take(1),
      timeout(5000),
    );
    const received = firstValueFrom(inbound);
    await firstValueFrom(transport.health().pipe(filter((health) => health.getStream === 'open'), timeout(3000)));
    await collect(transport.exchange(legacyCall(3, 'notify', { tag })));
    const frame = await received;
    expect(frame.message).toEqual(jasmine.objectContaining({ method: 'notifications/message' }));
    outbound$.complete();
  });

  it('DELETEs the session when the connection closes', async () => {
    const transport = await initialized();
    const sessionId = transport.sessionId ?? '';
    const connection = transport.connect(NEVER).subscribe();
    connection.unsubscribe();
    expect(transport.sessionId).toBeUndefined();
    expect(await waitForLog(urls.base, sessionId, 'session-closed')).toBeDefined();
  });

  it('keepSession(): the connection closes without DELETE, and another transport given the session id is answered in it without initialize', async () => {
    const first = await initialized();
    const sessionId = first.sessionId ?? '';
    const connection = first.connect(NEVER).subscribe();
    first.keepSession();
    connection.unsubscribe();
    const joined = streamableHttp(routeUrl(urls.base, 'sessions'), { sessionId });
    expect(joined.sessionId).toBe(sessionId);
    expect((await firstValueFrom(joined.health())).sessionId).toBe(sessionId);
    const frames = await collect(joined.exchange(legacyCall(6, 'echo', { text: 'joined' })));
    expect(toolText(frames[frames.length - 1]?.message)).toBe('joined');
    expect((await serverLog(urls.base, sessionId)).map((entry) => entry.event)).not.toContain('session-closed');
  });

  it('keepSession() holds for the connection open then only: the next connection that closes DELETEs the session', async () => {
    const transport = await initialized();
    const sessionId = transport.sessionId ?? '';
    transport.keepSession();
    transport.connect(NEVER).subscribe().unsubscribe();
    expect(transport.sessionId).toBe(sessionId);
    transport.connect(NEVER).subscribe().unsubscribe();
    expect(transport.sessionId).toBeUndefined();
    expect(await waitForLog(urls.base, sessionId, 'session-closed')).toBeDefined();
  });

  it('ignores a sessionId option that is not visible ASCII: no session until initialize', () => {
    const transport = streamableHttp(routeUrl(urls.base, 'sessions'), { sessionId: 'bad id\n' });
    expect(transport.sessionId).toBeUndefined();
  });

  it('reports a 404 to a request with a session id as SessionExpiredError and forgets the session', async () => {
    const transport = await initialized();
    const sessionId = transport.sessionId ?? '';
    await fetch(`${routeUrl(urls.base, 'sessions/expire')}?session=${encodeURIComponent(sessionId)}`);
    const failure = await collect(transport.exchange(legacyFrame({ jsonrpc: '2.0', id: 4, method: 'tools/list' }))).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(SessionExpiredError.is(failure)).toBe(true);
    expect((failure as SessionExpiredError).status).toBe(404);
    expect(transport.sessionId).toBeUndefined();
    expect((await firstValueFrom(transport.health())).sessionId).toBeUndefined();
  });

  it('resumes a response stream the server closed early, by GET with Last-Event-ID', async () => {
    const tag = uniqueTag('close');
    const transport = await initialized();
    const sessionId = transport.sessionId ?? '';
    const frames = await collect(transport.exchange(legacyCall(5, 'close-stream', { tag })));
    expect(toolText(frames[frames.length - 1]?.message)).toBe(`answered after close ${tag}`);
    const resume = await waitForLog(urls.base, sessionId, 'get');
    expect(resume?.['lastEventId']).toEqual(jasmine.any(String));
  });
});

describe('streamableHttp, hand-written endpoints', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });

  const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

  it('fails with a TransportError carrying the status and the body on HTTP 500', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'scenario/status/500'));
    const failure = (await failureOf(collect(transport.exchange(modernFrame(1, 'tools/list'))))) as { name: string; status: number; message: string };
    expect(failure.name).toBe('TransportError');
    expect(failure.status).toBe(500);
    expect(failure.message).toContain('server says 500');
  });

  it('takes a 400 whose JSON-RPC error has a null id as the answer to the request POSTed (one POST, one request)', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'scenario/rpc-error-400'));
    const frames = await collect(transport.exchange(modernFrame(2, 'server/discover')));
    expect(frames.map((f) => f.message)).toEqual([{ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'Bad Request: Server not initialized' } }]);
    expect(frames[0]?.info?.httpStatus).toBe(400);
  });

  it('turns a malformed SSE data line into a malformed frame and goes on', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'scenario/malformed'));
    const frames = await collect(transport.exchange(modernFrame(3, 'tools/list')));
    expect(frames.length).toBe(3);
    expect(frames[0]?.malformed?.raw).toBe('{this is not json');
    expect(frames[1]?.message).toEqual(jasmine.objectContaining({ method: 'notifications/message' }));
    expect(frames[2]?.message).toEqual({ jsonrpc: '2.0', id: 3, result: { ok: true } });
  });

  it('waits the SSE retry delay after a stream ends early, then resumes by GET with Last-Event-ID', async () => {
    const key = uniqueTag('retry');
    const transport = streamableHttp(routeUrl(urls.base, `scenario/sse-retry/${key}`));
    const frames = await collect(transport.exchange(legacyCall(4, 'echo', { text: 'x' })));
    expect(messagesOf(frames)).toEqual([{ jsonrpc: '2.0', id: 4, result: { resumed: true } }]);
    const resume = await waitForLog(urls.base, key, 'resume');
    expect(resume?.['lastEventId']).toBe(`${key}-0`);
    expect(resume?.['delayMs']).toBeGreaterThanOrEqual(450);
    expect(resume?.['delayMs']).toBeLessThan(700);
  });

  it('fails with ResponseStreamEndedError when a stream without event ids ends before the response (the request is lost)', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'scenario/no-ids'));
    const failure = (await failureOf(collect(transport.exchange(modernFrame(5, 'tools/list'))))) as Error;
    expect(failure.name).toBe('ResponseStreamEndedError');
    expect(failure.message).toContain('ended before the response');
  });

  it('emits a JSON batch body as one frame', async () => {
    const transport = streamableHttp(routeUrl(urls.base, 'scenario/batch'));
    const frames = await collect(transport.exchange(modernFrame(6, 'tools/list')));
    expect(frames.length).toBe(1);
    expect(Array.isArray(frames[0]?.message)).toBe(true);
  });

  it('reconnects a dropped GET stream after the retry delay with Last-Event-ID', async () => {
    const key = uniqueTag('getretry');
    const transport = streamableHttp(routeUrl(urls.base, `scenario/get-retry/${key}`));
    const outbound$ = new Subject<OutboundFrame>();
    const received = firstValueFrom(transport.connect(outbound$).pipe(take(2), toArray(), timeout(5000)));
    await collect(transport.exchange(initializeFrame(7)));
    outbound$.next(initializedFrame());
    const data = messagesOf(await received).map((message) => (message as { params: { data: string } }).params.data);
    expect(data).toEqual(['first', 'second']);
    const gets = (await serverLog(urls.base, key)).filter((entry) => entry.event === 'get');
    expect(gets.map((entry) => entry['lastEventId'])).toEqual([null, `${key}-1`]);
    outbound$.complete();
  });
});

describe('streamableHttp across origins (CORS)', () => {
  let urls: StreamableHttpFixtureUrls;
  beforeAll(async () => {
    urls = await streamableHttpFixtures();
  });
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined';

  it('runs a session and 2026 routing headers against a server that allows them and exposes Mcp-Session-Id', async () => {
    const sessions = streamableHttp(routeUrl(urls.crossOrigin, 'sessions'));
    await collect(sessions.exchange(initializeFrame(0)));
    const sessionId = sessions.sessionId ?? '';
    expect(sessionId).not.toBe('');
    const listed = await collect(sessions.exchange(legacyFrame({ jsonrpc: '2.0', id: 1, method: 'tools/list' })));
    expect(listed[listed.length - 1]?.message).toEqual(jasmine.objectContaining({ result: jasmine.anything() }));
    sessions.connect(NEVER).subscribe().unsubscribe();
    expect(await waitForLog(urls.base, sessionId, 'session-closed')).toBeDefined();
    const modern = streamableHttp(routeUrl(urls.crossOrigin, 'modern'));
    const frames = await collect(modern.exchange(modernFrame(2, 'tools/call', { name: 'region', arguments: { region: 'ap' } }, { tool: REGION_TOOL })));
    expect(toolText(frames[0]?.message)).toBe('ap');
  });

  it('gets no session id from a server that does not expose Mcp-Session-Id, in a browser', async () => {
    const transport = streamableHttp(routeUrl(urls.crossOrigin, 'hidden/sessions'));
    const frames = await collect(transport.exchange(initializeFrame(0)));
    expect((frames[frames.length - 1]?.message as { result?: unknown }).result).toBeDefined();
    // Browsers enforce CORS; Node's fetch does not, so there the header stays readable.
    expect(transport.sessionId === undefined).toBe(inBrowser);
  });
});
