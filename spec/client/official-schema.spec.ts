import { NEVER, firstValueFrom, lastValueFrom, of, timer, mergeMap } from 'rxjs';
import { createClient, createSession, inMemoryPair, type ClientHandlers, type Params, type ProtocolVersion } from '../../src/index.js';
import { validateAgainstOfficialSchema, type OfficialSchemaVersion } from '../helpers/official-schema.js';
import { discoverResult, initializeResult } from '../helpers/mcp-fixtures.js';

const LIST_META = { ttlMs: 0, cacheScope: 'public' };
const handlers: ClientHandlers = {
  roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' }),
  elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
};
const form = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const sampling = { messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }], maxTokens: 10 };

function serverHandlers(version: ProtocolVersion, server: () => ReturnType<typeof createSession>): Record<string, (p: Params) => unknown> {
  const modern = version === '2026-07-28';
  const ask = async () => {
    if (modern) return undefined;
    await firstValueFrom(server().request('roots/list', {}));
    await firstValueFrom(server().request('sampling/createMessage', sampling));
    if (version >= '2025-06-18') await firstValueFrom(server().request('elicitation/create', form));
    await firstValueFrom(server().request('ping', {}));
    return undefined;
  };
  return {
    'server/discover': () => discoverResult({ tools: {}, resources: {}, prompts: {}, completions: {} }),
    initialize: () => initializeResult(version, { tools: {}, resources: {}, prompts: {}, logging: {}, completions: {} }),
    'tools/list': () => ({ tools: [{ name: 'ask', inputSchema: { type: 'object' } }], ...(modern ? LIST_META : {}) }),
    'tools/call': async (params) => {
      if (params['name'] === 'slow') return firstValueFrom(NEVER);
      if (modern && params['inputResponses'] === undefined) {
        return { resultType: 'input_required', inputRequests: { r: { method: 'roots/list', params: {} }, s: { method: 'sampling/createMessage', params: sampling }, e: { method: 'elicitation/create', params: form } }, requestState: 'st' };
      }
      await ask();
      return { content: [{ type: 'text', text: 'done' }] };
    },
    'resources/list': () => ({ resources: [{ uri: 'x://a', name: 'a' }], ...(modern ? LIST_META : {}) }),
    'resources/read': () => ({ contents: [{ uri: 'x://a', text: 'A' }], ...(modern ? LIST_META : {}) }),
    'prompts/list': () => ({ prompts: [{ name: 'p' }], ...(modern ? LIST_META : {}) }),
    'prompts/get': () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }),
    'completion/complete': () => ({ completion: { values: ['x'] } }),
    'logging/setLevel': () => ({}),
    ping: () => ({}),
  };
}

async function exercise(version: ProtocolVersion): Promise<{ sent: unknown[]; methods: Map<unknown, string> }> {
  const [clientEnd, serverEnd] = inMemoryPair();
  let server: ReturnType<typeof createSession> | undefined;
  server = createSession(serverEnd, { handlers: serverHandlers(version, () => server as never) as never });
  const sent: unknown[] = [];
  const methods = new Map<unknown, string>();
  server.frames$.subscribe(({ direction, frame }) => {
    const message = (direction === 'in' ? frame.message : (frame as { message: unknown }).message) as { id?: unknown; method?: string };
    if (direction === 'in') sent.push(message);
    else if (message.method !== undefined && message.id !== undefined) methods.set(message.id, message.method);
  });
  server.connection$.subscribe();
  const client = createClient(clientEnd, { protocol: { pin: version }, handlers, elicitationModes: ['form'] });
  await lastValueFrom(client.listTools());
  await lastValueFrom(client.callTool('ask', { q: 1 }, { progress: true }));
  await lastValueFrom(client.listResources());
  await lastValueFrom(client.readResource('x://a'));
  await lastValueFrom(client.listPrompts());
  await lastValueFrom(client.getPrompt('p', { code: 'x' }));
  await lastValueFrom(client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'code', value: 'x' } }));
  await lastValueFrom(client.setLoggingLevel('info'), { defaultValue: undefined });
  if (version !== '2026-07-28') await lastValueFrom(client.ping(), { defaultValue: undefined });
  const cancelled = client.callTool('slow').subscribe();
  await lastValueFrom(timer(0).pipe(mergeMap(() => of(cancelled.unsubscribe()))));
  client.close();
  return { sent, methods };
}

describe('frames the client sends', () => {
  const versions: OfficialSchemaVersion[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
  for (const version of versions) {
    it(`validate against the official ${version} schema.json`, async () => {
      const { sent, methods } = await exercise(version);
      expect(sent.length).toBeGreaterThanOrEqual(11);
      expect(sent.some((m) => (m as { method?: string }).method === 'notifications/cancelled')).toBeTrue();
      for (const message of sent) {
        const id = (message as { id?: unknown }).id;
        const answers = (message as { method?: unknown }).method === undefined ? methods.get(id) : undefined;
        const errors = validateAgainstOfficialSchema(version, message, answers === undefined ? {} : { method: answers });
        expect(errors).withContext(JSON.stringify(message)).toEqual([]);
      }
    });
  }
});
