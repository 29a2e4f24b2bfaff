// The fault server itself, driven without rxmcp: when no fault strikes, its frames are valid under the official
// schema of the revision they speak, over stdio and every HTTP shape.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { modernMeta } from '../../helpers/mcp-fixtures.js';
import { validateAgainstOfficialSchema, type OfficialSchemaVersion } from '../../helpers/official-schema.js';
import { faultServerFile, httpFaultServer, runId, within, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

type Frame = Record<string, unknown>;
const request = (id: number, method: string, params: Frame = {}, modern = true): Frame =>
  ({ jsonrpc: '2.0', id, method, params: modern ? { ...params, _meta: modernMeta({ elicitation: {} }) } : params });
const INITIALIZE = (version: string) => ({ protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });

/** The official-schema problems of a response to `method`, prefixed with the method. */
const invalid = (version: OfficialSchemaVersion, method: string, frame: unknown): string[] =>
  validateAgainstOfficialSchema(version, frame, { method }).map((problem) => `${method}: ${problem}`);

/** Sends the requests one by one to a fresh stdio fault server; answers the responses in order. */
async function overStdio(requests: readonly Frame[]): Promise<Frame[]> {
  const child = spawn(process.execPath, [faultServerFile('stdio.mjs')], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  try {
    const answers: Frame[] = [];
    for (const frame of requests) {
      child.stdin.write(`${JSON.stringify(frame)}\n`);
      answers.push(JSON.parse((await within(3000, String(frame['method']), lines.next())).value as string) as Frame);
    }
    return answers;
  } finally {
    child.stdin.end();
  }
}

/** POSTs one frame; answers the JSON body, or the frames of an event stream, and the response headers. */
async function post(url: string, frame: Frame, headers: Record<string, string> = {}): Promise<{ frames: Frame[]; headers: Headers }> {
  const method = String(frame['method']);
  const name = (frame['params'] as Frame | undefined)?.['name'];
  const routing = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof name === 'string' ? { 'mcp-name': name } : {}) };
  const response = await fetch(url, {
    method: 'POST', body: JSON.stringify(frame),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...routing, ...headers },
  });
  const text = await response.text();
  const frames = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text.split('\n').filter((line) => line.startsWith('data: ') && line.length > 6).map((line) => JSON.parse(line.slice(6)) as Frame)
    : [JSON.parse(text) as Frame];
  return { frames, headers: response.headers };
}

describe('the fault server, without a fault', () => {
  let server: HttpFaultServer;
  beforeAll(async () => (server = await httpFaultServer()));

  it('answers over stdio with frames valid under the 2026-07-28 and 2025-11-25 schemas', async () => {
    const [discover, list, call, ask, init, legacyList, legacyCall] = await overStdio([
      request(1, 'server/discover'),
      request(2, 'tools/list'),
      request(3, 'tools/call', { name: 'echo', arguments: { i: 1 } }),
      request(4, 'tools/call', { name: 'ask' }),
      request(5, 'initialize', INITIALIZE('2025-11-25'), false),
      request(6, 'tools/list', {}, false),
      request(7, 'tools/call', { name: 'echo', arguments: { i: 2 } }, false),
    ]);
    expect([
      ...invalid('2026-07-28', 'server/discover', discover), ...invalid('2026-07-28', 'tools/list', list),
      ...invalid('2026-07-28', 'tools/call', call),
      ...validateAgainstOfficialSchema('2026-07-28', ask?.['result'], { type: 'InputRequiredResult' }),
      ...invalid('2025-11-25', 'initialize', init), ...invalid('2025-11-25', 'tools/list', legacyList),
      ...invalid('2025-11-25', 'tools/call', legacyCall),
    ]).toEqual([]);
    expect((ask?.['result'] as Frame)['resultType']).toBe('input_required');
  });

  it('answers the 2026-07-28 HTTP shape with valid frames, the listen stream included', async () => {
    const url = server.url(runId('valid-2026'), { shape: '2026', body: 'sse' });
    const discover = (await post(url, request(1, 'server/discover'))).frames[0];
    const call = (await post(url, request(2, 'tools/call', { name: 'echo', arguments: { i: 1 } }))).frames[0];
    const refused = (await post(url, { jsonrpc: '2.0', id: 3, method: 'initialize', params: INITIALIZE('2025-11-25') })).frames[0];
    const listen = fetch(url, {
      method: 'POST', body: JSON.stringify(request(4, 'subscriptions/listen', { notifications: { toolsListChanged: true } })),
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' },
    });
    const reader = (await listen).body!.getReader();
    const ack = JSON.parse(new TextDecoder().decode((await reader.read()).value).replace(/^data: /, '')) as Frame;
    await post(url, request(5, 'tools/call', { name: 'toggle' }));
    const changed = JSON.parse(new TextDecoder().decode((await reader.read()).value).replace(/^data: /, '')) as Frame;
    await reader.cancel();
    expect([
      ...invalid('2026-07-28', 'server/discover', discover), ...invalid('2026-07-28', 'tools/call', call),
      ...validateAgainstOfficialSchema('2026-07-28', refused), ...validateAgainstOfficialSchema('2026-07-28', ack),
      ...validateAgainstOfficialSchema('2026-07-28', changed),
    ]).toEqual([]);
    expect([ack['method'], changed['method']]).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tools/list_changed']);
  });

  it('answers the 2025 HTTP shape with valid frames and a session id', async () => {
    const url = server.url(runId('valid-2025'), { shape: '2025' });
    const init = await post(url, request(1, 'initialize', INITIALIZE('2025-11-25'), false));
    const session = init.headers.get('mcp-session-id') ?? '';
    const list = (await post(url, request(2, 'tools/list', {}, false), { 'mcp-session-id': session })).frames[0];
    expect(session).toMatch(/^[\x21-\x7e]+$/);
    expect([...invalid('2025-11-25', 'initialize', init.frames[0]), ...invalid('2025-11-25', 'tools/list', list)]).toEqual([]);
  });

  it('answers HTTP+SSE (2024-11-05) with an endpoint event and valid frames on the stream', async () => {
    const url = server.url(runId('valid-legacy'), { shape: 'legacy' });
    const stream = (await fetch(url, { headers: { accept: 'text/event-stream' } })).body!.getReader();
    const endpoint = /data: (\S+)/.exec(new TextDecoder().decode((await stream.read()).value))?.[1] ?? '';
    await fetch(new URL(endpoint, url), { method: 'POST', body: JSON.stringify(request(1, 'initialize', INITIALIZE('2024-11-05'), false)) });
    const init = JSON.parse(/data: (.+)/.exec(new TextDecoder().decode((await stream.read()).value))?.[1] ?? '{}') as Frame;
    await stream.cancel();
    expect(endpoint).toMatch(/^\/message\?/);
    expect(invalid('2024-11-05', 'initialize', init)).toEqual([]);
  });
});
