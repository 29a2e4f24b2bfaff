import { NEVER, map, take } from 'rxjs';
import { InputRequiredError, RequestTimeoutError, createClient, type ClientHandlers, type ElicitResult } from '../../src/index.js';
import { marbleTransport, req, res } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';
import { discoverResult, initializeParams, initializeResult, modernMeta } from '../helpers/mcp-fixtures.js';

const form = {
  message: 'Who are you?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', default: 36 } } },
};
const handlers: ClientHandlers = {
  elicitation: () => ({ action: 'accept', content: { age: 40 } }),
  roots: () => ({ roots: [{ uri: 'file:///work' }] }),
};
const caps = { roots: {}, elicitation: { form: {} } };
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

describe('Client server→client requests (2026-07-28 input rounds)', () => {
  it('fulfils every input request, then retries with inputResponses under the same keys and requestState as sent', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inputRequired = {
        resultType: 'input_required',
        inputRequests: { who: { method: 'elicitation/create', params: form }, where: { method: 'roots/list', params: {} } },
        requestState: 'opaque==state',
      };
      const inbound = hot('a----b-c', { a: res(0, discoverResult({ tools: {} })), b: res(1, inputRequired), c: res(2, text('hi Ada')) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { handlers });
      expectObservable(client.callToolEvents('greet', { loud: true }).pipe(map((e) => e.type))).toBe('-----i-(r|)', { i: 'input-required', r: 'result' });
      expectObservable(outbound$).toBe('(dc)-t', {
        d: req(0, 'server/discover', { _meta: modernMeta(caps) }),
        c: req(1, 'tools/call', { name: 'greet', arguments: { loud: true }, _meta: { ...modernMeta(caps), progressToken: 1 } }),
        t: req(2, 'tools/call', {
          name: 'greet', arguments: { loud: true },
          inputResponses: { who: { action: 'accept', content: { age: 40, name: 'Ada' } }, where: { roots: [{ uri: 'file:///work' }] } },
          requestState: 'opaque==state',
          _meta: { ...modernMeta(caps), progressToken: 2 },
        }),
      });
    });
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
    createTestScheduler().run(({ hot, expectObservable }) => {
      const again = (id: number) => res(id, { resultType: 'input_required', requestState: `s${id}` });
      const inbound = hot('a-b-c', { a: res(0, discoverResult({ tools: {} })), b: again(1), c: again(2) });
      const client = createClient(marbleTransport(inbound).transport, { handlers, maxInputRounds: 1 });
      expectObservable(client.callTool('t')).toBe('----#', undefined, new InputRequiredError('tools/call', 1, 'tools/call still needed input after 1 rounds'));
    });
  });

  it('stops mid-round on unsubscribe: the handler is unsubscribed and its signal aborted; nothing more is sent', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const human = cold<ElicitResult>('----------(r|)', { r: { action: 'decline' } });
      let signal: AbortSignal | undefined;
      const inbound = hot('a-b', {
        a: res(0, discoverResult({ tools: {} })),
        b: res(1, { resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: form } } }),
      });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, { handlers: { elicitation: (_p, context) => ((signal = context.signal), human) } });
      expectObservable(client.callTool('t'), '^----!').toBe('-');
      expectSubscriptions(human.subscriptions).toBe('--^--!');
      expectObservable(outbound$.pipe(map(() => 'x'))).toBe('(xx)');
      cold('------x').subscribe(() => expect(signal?.aborted).toBeTrue());
    });
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
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const inbound = hot('a-b--------------r', { a: res(0, initializeResult()), b: req('e', 'elicitation/create', form), r: res(1, text('ok')) });
      const human = cold<ElicitResult>('-------------(r|)', { r: { action: 'accept', content: {} } });
      const client = createClient(marbleTransport(inbound).transport, {
        protocol: 'legacy', handlers: { elicitation: () => human }, timeout: { firstMs: 6 },
      });
      expectObservable(client.callTool('slow')).toBe('-----------------(r|)', { r: { ...text('ok'), resultType: 'complete' } });
      const impatient = createClient(marbleTransport(hot('a', { a: res(0, initializeResult()) })).transport, {
        protocol: 'legacy', handlers: { elicitation: () => NEVER }, timeout: { firstMs: 6 },
      });
      expectObservable(impatient.callTool('slow')).toBe('------#', undefined, new RequestTimeoutError('tools/call', 'first', 6));
    });
  });
});

describe('Client answers and handshake shaped for the negotiated revision', () => {
  it('drops clientInfo fields the proposed revision does not define from initialize', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const { transport, outbound$ } = marbleTransport(hot('-a', { a: res(0, initializeResult('2025-06-18')) }));
      const clientInfo = { name: 'app', version: '1', title: 'App', icons: [{ src: 'https://example.com/i.png' }], websiteUrl: 'https://example.com' };
      createClient(transport, { protocol: { pin: '2025-06-18' }, clientInfo }).connect().subscribe();
      expectObservable(outbound$.pipe(take(1), map((m) => ('params' in m ? m.params?.['clientInfo'] : undefined)))).toBe('(c|)', {
        c: { name: 'app', version: '1', title: 'App' },
      });
    });
  });

  it('answers -32603 when a handler returns what the revision cannot carry (audio content before 2025-03-26)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const inbound = hot('a----b', { a: res(0, initializeResult('2024-11-05')), b: req('s', 'sampling/createMessage', { messages: [], maxTokens: 5 }) });
      const { transport, outbound$ } = marbleTransport(inbound);
      const client = createClient(transport, {
        protocol: 'legacy',
        handlers: { sampling: () => ({ role: 'assistant', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, model: 'm' }) },
      });
      client.connect().subscribe();
      expectObservable(outbound$.pipe(map((m) => ('error' in m ? m.error.code : 'method' in m ? m.method : 'result')))).toBe('(in)-e', {
        i: 'initialize', n: 'notifications/initialized', e: -32603,
      });
    });
  });
});
