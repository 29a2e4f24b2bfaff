import { lastValueFrom, mergeMap, of } from 'rxjs';
import { createClient, type ClientHandlers } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import {
  eraCase, elicitForm, listRoots, prompt, promptResult, resource, sampleMessage, serveResourceContents, servePrompts, serveResources, serveTools,
  tool, toolResult, type TestingController,
} from '../../src/testing/index.js';
import { validateAgainstOfficialSchema, type OfficialSchemaVersion } from '../helpers/official-schema.js';
import { recording } from '../helpers/recording-transport.js';

const handlers: ClientHandlers = {
  roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' }),
  elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
};

/** Answers every verb; the `ask` tool asks the client all a server of the revision may ask (and pings it, legacy). */
function serve(server: TestingController, version: OfficialSchemaVersion): void {
  serveTools(server, [tool('ask')]);
  serveResources(server, [resource('x://a')]);
  serveResourceContents(server, 'x://a', 'A');
  servePrompts(server, [prompt('p')]);
  server.whenRequest('prompts/get').respond(promptResult('hi'));
  server.whenRequest('completion/complete').respond({ completion: { values: ['x'] } });
  server.whenRequest('tools/call', { name: 'slow' }).never();
  const questions = { r: listRoots(), s: sampleMessage('Capital of France?', 10), ...(version >= '2025-06-18' ? { e: elicitForm('Name?', { name: { type: 'string' } }) } : {}) };
  server.whenRequest('tools/call', { name: 'ask' }).handle((call) =>
    call.ask(questions).pipe(mergeMap(() => (server.era === 'legacy' ? server.request('ping') : of({})))).subscribe(() => call.respond(toolResult('done'))));
}

async function exercise(version: OfficialSchemaVersion): Promise<{ sent: JsonRpcMessage[]; methods: Map<unknown, string> }> {
  const server = eraCase(version).controller();
  serve(server, version);
  const wire = recording(server.transport);
  const client = createClient(wire.transport, { protocol: { pin: version }, handlers, elicitationModes: ['form'] });
  await lastValueFrom(client.listTools());
  await lastValueFrom(client.callTool('ask', { q: 1 }, { progress: true }));
  await lastValueFrom(client.listResources());
  await lastValueFrom(client.readResource('x://a'));
  await lastValueFrom(client.listPrompts());
  await lastValueFrom(client.getPrompt('p', { code: 'x' }));
  await lastValueFrom(client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'code', value: 'x' } }));
  await lastValueFrom(client.setLoggingLevel('info'), { defaultValue: undefined });
  if (version !== '2026-07-28') await lastValueFrom(client.ping(), { defaultValue: undefined });
  client.callTool('slow').subscribe().unsubscribe();
  client.close();
  server.verify();
  const asked = wire.received as { id?: unknown; method?: string }[];
  return { sent: wire.sent, methods: new Map(asked.flatMap((m) => (m.method === undefined || m.id === undefined ? [] : [[m.id, m.method] as const]))) };
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
