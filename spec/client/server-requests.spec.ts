import { NEVER, catchError, map, of, take } from 'rxjs';
import { InputRequiredError, RequestTimeoutError, createClient, type ClientHandlers, type ElicitResult, type RpcError } from '../../src/index.js';
import { elicitForm, eraCase, listRoots, marbleTransport, req, res, sampleMessage } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { discoverResult, initializeParams, initializeResult } from '../helpers/mcp-fixtures.js';

const elicit = elicitForm('Who are you?', { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', default: 36 } });
const form = { ...elicit.params };
const handlers: ClientHandlers = {
  elicitation: () => ({ action: 'accept', content: { age: 40 } }),
  roots: () => ({ roots: [{ uri: 'file:///work' }] }),
};
const caps = { roots: {}, elicitation: { form: {} } };
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const modern = eraCase('2026-07-28');
const legacy = eraCase('2025-11-25');

describe('Client server→client requests (2026-07-28 input rounds)', () => {
  it('fulfils every input request, then retries with inputResponses under the same keys and requestState as sent', () => {
    const server = modern.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/call').handle((call) => call.inputRequired({ who: elicit, where: listRoots() }, 'opaque==state'));
      server.whenRequest('tools/call', { requestState: 'opaque==state' }).respond(text('hi Ada'));
      const client = createClient(server.transport, { handlers });
      expectObservable(client.callToolEvents('greet', { loud: true }).pipe(map((e) => e.type))).toBe('(ir|)', { i: 'input-required', r: 'result' });
    });
    const inputResponses = { who: { action: 'accept', content: { age: 40, name: 'Ada' } }, where: { roots: [{ uri: 'file:///work' }] } };
    expect(server.requests.map((r) => [r.params, r.progressToken !== undefined])).toEqual([
      [{ name: 'greet', arguments: { loud: true } }, true],
      [{ name: 'greet', arguments: { loud: true }, inputResponses, requestState: 'opaque==state' }, true],
    ]);
    expect(server.client?.capabilities).toEqual(caps);
  });

  it('retries at once when only requestState came, and omits requestState when none came', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a----b-c-d', {
        a: res(0, discoverResult({ tools: {} })),
        b: res(1, { resultType: 'input_required', requestState: 's1' }),
        c: res(2, { resultType: 'input_required', inputRequests: { r: { method: 'roots/list' } } }),
        d: res(3, text('done')),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { handlers });
      expectObservable(client.callTool('t')).toBe('---------(r|)', { r: { ...text('done'), resultType: 'complete' } });
      expectObservable(outbound$.pipe(map((m) => {
        const p = (m as { params?: Record<string, unknown> }).params ?? {};
        return [p['requestState'] ?? '-', Object.keys((p['inputResponses'] as object | undefined) ?? {}).join()];
      }))).toBe('(dc)-t-u', { d: ['-', ''], c: ['-', ''], t: ['s1', ''], u: ['-', 'r'] });
    });
  });

  it('fails with InputRequiredError past maxInputRounds', () => {
    modern.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/call', undefined, { times: 2 }).handle((call) => call.inputRequired({ r: listRoots() }));
      const client = createClient(server.transport, { handlers, maxInputRounds: 1 });
      expectObservable(client.callTool('t')).toBe('#', undefined, new InputRequiredError('tools/call', 1, 'tools/call still needed input after 1 rounds'));
    });
  });

  it('stops mid-round on unsubscribe: the handler is unsubscribed and its signal aborted; nothing more is sent', () => {
    const server = modern.run(createTestScheduler(), (server, { cold, expectObservable, expectSubscriptions }) => {
      const human = cold<ElicitResult>('----------(r|)', { r: { action: 'decline' } });
      let signal: AbortSignal | undefined;
      server.whenRequest('tools/call').handle((call) => call.inputRequired({ q: elicit }));
      const client = createClient(server.transport, { handlers: { elicitation: (_p, context) => ((signal = context.signal), human) } });
      expectObservable(client.callTool('t'), '^--!').toBe('-');
      expectSubscriptions(human.subscriptions).toBe('^--!');
      cold('----x').subscribe(() => expect(signal?.aborted).toBeTrue());
    });
    expect(server.requests.length).toBe(1);
    expect(() => server.expectNotification('notifications/cancelled')).toThrow();
  });

  it('fails with InputRequiredError when the server asks for input the client has no handler for', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a-b', {
        a: res(0, discoverResult({ tools: {} })),
        b: res(1, { resultType: 'input_required', inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } } }),
      });
      const client = createClient(marbleTransport(inbound).transport, { handlers });
      expectObservable(client.callTool('t')).toBe('--#', undefined, new InputRequiredError('tools/call', 0, 'The server asked for sampling/createMessage, which the client has no handler for'));
    });
  });
});

describe('Client server→client requests (legacy JSON-RPC requests)', () => {
  it('declares capabilities from the registered handlers only, and answers through the same handlers', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a----b-c-d', {
        a: res(0, initializeResult()),
        b: req('s1', 'elicitation/create', form),
        c: req('s2', 'sampling/createMessage', { messages: [], maxTokens: 1 }),
        d: req('s3', 'ping'),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { protocol: 'legacy', handlers });
      client.connect().subscribe();
      expectObservable(outbound$.pipe(map((m) => ('method' in m ? m.method : m)))).toBe('(in)-e-s-p', {
        i: 'initialize', n: 'notifications/initialized',
        e: res('s1', { action: 'accept', content: { age: 40, name: 'Ada' } }),
        s: { jsonrpc: '2.0', id: 's2', error: { code: -32601, message: 'The client does not handle sampling/createMessage' } },
        p: res('s3', {}),
      });
      expectObservable(outbound$.pipe(take(1), map((m) => ('params' in m ? m.params?.['capabilities'] : undefined)))).toBe('(c|)', {
        c: initializeParams('2025-11-25', caps)['capabilities'],
      });
    });
  });

  it('answers -32602 for an elicitation mode it did not declare', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a----b', { a: res(0, initializeResult()), b: req(9, 'elicitation/create', { mode: 'url', message: 'Log in', url: 'https://example.com', elicitationId: 'e1' }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { protocol: 'legacy', handlers });
      client.connect().subscribe();
      expectObservable(outbound$.pipe(map((m) => ('error' in m ? m.error.code : 'x')))).toBe('(xx)-e', { x: 'x', e: -32602 });
    });
  });

  it('stops the request clocks while a human answers an elicitation', () => {
    legacy.run(createTestScheduler(), (server, { cold, expectObservable }) => {
      server.whenRequest('tools/call').handle((call) => call.ask({ q: elicit }).subscribe(() => call.respond(text('ok'))));
      const human = cold<ElicitResult>('-------------(r|)', { r: { action: 'accept', content: {} } });
      const client = createClient(server.transport, { handlers: { elicitation: () => human }, timeout: { firstMs: 6 } });
      expectObservable(client.callTool('slow')).toBe('13ms (r|)', { r: { ...text('ok'), resultType: 'complete' } });
    });
    legacy.run(createTestScheduler(), (server, { expectObservable }) => {
      server.whenRequest('tools/call').never();
      const impatient = createClient(server.transport, { handlers: { elicitation: () => NEVER }, timeout: { firstMs: 6 } });
      expectObservable(impatient.callTool('slow')).toBe('6ms #', undefined, new RequestTimeoutError('tools/call', 'first', 6));
    });
  });
});

describe('Client answers and handshake shaped for the negotiated revision', () => {
  it('drops clientInfo fields the proposed revision does not define from initialize', () => {
    const clientInfo = { name: 'app', version: '1', title: 'App', icons: [{ src: 'https://example.com/i.png' }], websiteUrl: 'https://example.com' };
    const server = eraCase('2025-06-18').run(createTestScheduler(), (server) => {
      createClient(server.transport, { protocol: { pin: '2025-06-18' }, clientInfo }).connect().subscribe();
    });
    expect(server.client?.clientInfo).toEqual({ name: 'app', version: '1', title: 'App' });
  });

  it('answers -32603 when a handler returns what the revision cannot carry (audio content before 2025-03-26)', () => {
    eraCase('2024-11-05').run(createTestScheduler(), (server, { expectObservable }) => {
      const sampling = () => ({ role: 'assistant' as const, content: { type: 'audio' as const, data: 'AAAA', mimeType: 'audio/wav' }, model: 'm' });
      createClient(server.transport, { handlers: { sampling } }).connect().subscribe();
      const code = server.request('sampling/createMessage', { ...sampleMessage('hi', 5).params }).pipe(catchError((error: RpcError) => of(error.rpcCode)));
      expectObservable(code).toBe('(e|)', { e: -32603 });
    });
  });
});
