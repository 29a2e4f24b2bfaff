import { lastValueFrom, of, Subject, throwError } from 'rxjs';
import { createClient, TransportError, type Transport } from '../../src/index.js';
import type { InboundFrame, OutboundFrame, RecordedFrame, RecordingLine } from '../../src/session/index.js';
import { recordFrames } from '../../src/session/index.js';
import { createTestingController, toolResult } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const parse = (lines: readonly string[]): RecordingLine[] => lines.map((line) => JSON.parse(line) as RecordingLine);
const frames = (lines: readonly string[]): RecordedFrame[] => parse(lines).filter((line): line is RecordedFrame => 'dir' in line);

describe('recordFrames', () => {
  it('writes a header, then every frame of a session with its direction and virtual time since the first connection, one JSON line each', () => {
    const lines: string[] = [];
    createTestScheduler().run(({ cold, flush }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      server.whenRequest('tools/call', { name: 'slow' }).respond(toolResult('done'), { delayMs: 40 });
      const client = createClient(recordFrames((line) => lines.push(line))(server.transport));
      cold('5ms x').subscribe(() => client.callTool('slow', {}).subscribe());
      flush();
      client.close();
    });
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBeTrue();
    const [header, open] = parse(lines);
    expect(header).toEqual({ format: 'rxmcp-recording', version: 1, transport: 'testing', startedAt: new Date(5).toISOString() });
    expect(open).toEqual({ t: 0, event: 'open', conn: 1 });
    const call = frames(lines).filter((f) => JSON.stringify(f.message).includes('"slow"') || JSON.stringify(f.message).includes('done'));
    expect(call.map((f) => [f.dir, f.t, f.conn])).toEqual([['out', 0, 1], ['in', 40, 1]]);
    expect(frames(lines).map((f) => `${f.dir} ${(f.message as { method?: string }).method ?? 'answer'}`)).toEqual([
      'out server/discover', 'in answer', 'out initialize', 'in answer', 'out notifications/initialized', 'out tools/call', 'in answer',
    ]);
  });

  it('redacts credentials by name (Authorization, cookies, DPoP, tokens, session ids), authorization values anywhere, and named fields', () => {
    const lines: string[] = [];
    const sent: OutboundFrame[] = [];
    const transport: Transport = {
      kind: 'fake',
      connect: (outbound$) => {
        outbound$.subscribe((frame) => sent.push(frame));
        return of<InboundFrame>({ message: { jsonrpc: '2.0', id: 1, result: { access_token: 'abc', note: 'Bearer xyz', items: [{ password: 'p', ok: 1 }] } }, info: { httpStatus: 200, sessionId: 'sess-42' } });
      },
    };
    const outbound = new Subject<OutboundFrame>();
    recordFrames((line) => lines.push(line), { redact: ['apiKey'] })(transport).connect(outbound).subscribe();
    outbound.next({
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: { api_key: 'k', city: 'Oslo', dpop: 'proof' }, _meta: { progressToken: 7 } } },
      headers: { Authorization: 'Bearer secret', Cookie: 'sid=1', 'Mcp-Method': 'tools/call' },
    });
    const text = lines.join('');
    for (const secret of ['abc', 'xyz', '"p"', '"k"', 'proof', 'secret', 'sid=1', 'sess-42']) expect(text).not.toContain(secret);
    const [inbound, outboundFrame] = frames(lines);
    expect(inbound?.message).toEqual({ jsonrpc: '2.0', id: 1, result: { access_token: '[redacted]', note: '[redacted]', items: [{ password: '[redacted]', ok: 1 }] } });
    expect(inbound?.info).toEqual({ httpStatus: 200, sessionId: '[redacted]' });
    expect(outboundFrame?.headers).toEqual({ Authorization: '[redacted]', Cookie: '[redacted]', 'Mcp-Method': 'tools/call' });
    expect((outboundFrame?.message as { params: unknown }).params).toEqual({ name: 'x', arguments: { api_key: '[redacted]', city: 'Oslo', dpop: '[redacted]' }, _meta: { progressToken: 7 } });
    expect(sent[0]?.headers?.['Authorization']).toBe('Bearer secret');
  });

  it('records a connection that fails, and a sink that throws stops the recording but not the connection', async () => {
    const lines: string[] = [];
    const failing: Transport = { kind: 'fake', connect: () => throwError(() => new TransportError('refused')) };
    await expectAsync(lastValueFrom(recordFrames((line) => lines.push(line))(failing).connect(of()))).toBeRejectedWithError(TransportError, 'refused');
    expect(parse(lines).slice(1)).toEqual([{ t: jasmine.any(Number) as unknown as number, event: 'open', conn: 1 }, { t: jasmine.any(Number) as unknown as number, event: 'error', conn: 1, error: 'refused' }]);
    const errors: unknown[] = [];
    const ok: Transport = { kind: 'fake', connect: () => of<InboundFrame[]>({ message: { jsonrpc: '2.0', method: 'a' } }, { message: { jsonrpc: '2.0', method: 'b' } }) };
    const seen = await lastValueFrom(recordFrames(() => { throw new Error('disk full'); }, { onSinkError: (error) => errors.push(error) })(ok).connect(of()), { defaultValue: undefined });
    expect(seen).toEqual({ message: { jsonrpc: '2.0', method: 'b' } });
    expect(errors.map((error) => (error as Error).message)).toEqual(['disk full']);
  });

  it('records each exchange of a per-request transport under its own number', async () => {
    const lines: string[] = [];
    const server = createTestingController({ revision: '2026-07-28', transport: 'per-request' });
    server.whenRequest('tools/call').respond(toolResult('ok'));
    const client = createClient(recordFrames((line) => lines.push(line))(server.transport));
    await lastValueFrom(client.callTool('a', {}));
    client.close();
    const exchanged = frames(lines).filter((f) => f.exchange !== undefined);
    expect(exchanged.length).toBeGreaterThanOrEqual(2);
    const call = exchanged.find((f) => f.dir === 'out' && (f.message as { method?: string }).method === 'tools/call');
    expect(exchanged.filter((f) => f.exchange === call?.exchange).map((f) => f.dir)).toEqual(['out', 'in']);
  });
});
