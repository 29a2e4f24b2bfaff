import { lastValueFrom, type Observable } from 'rxjs';
import { createClient, type ClientHandlers, type ProtocolVersion } from '../../src/index.js';
import { isModernVersion } from '../../src/protocol/index.js';
import {
  createTestingController, elicitForm, listRoots, prompt, promptResult, resource, resourceContents, resourceTemplate, sampleMessage,
  serveResourceContents, structuredResult, text, tool, toolError, toolResult,
} from '../../src/testing/index.js';
import { validateAgainstOfficialSchema, type OfficialSchemaVersion } from '../helpers/official-schema.js';
import { recording } from '../helpers/recording-transport.js';
import { leave } from '../helpers/leave-pending.js';

const handlers: ClientHandlers = {
  roots: () => ({ roots: [{ uri: 'file:///work' }] }),
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }),
  elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
};
const tools = [
  tool('search', { title: 'Search', input: { q: { type: 'string' } }, required: ['q'], outputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, icons: [{ src: 'https://example.com/i.png' }] }),
  tool('plain'),
];

/** A session that makes the scripted server send a sample of everything it can send in `version`. */
async function exercise(version: ProtocolVersion): Promise<unknown[]> {
  const modern = isModernVersion(version);
  const server = createTestingController({ revision: version, instructions: 'Hi', serverInfo: { name: 's', version: '1', title: 'S', icons: [{ src: 'https://example.com/s.png' }] } });
  server.whenRequest('tools/list').respond({ tools });
  server.whenRequest('resources/list').respond({ resources: [resource('file:///a', { mimeType: 'text/plain' })] });
  server.whenRequest('resources/templates/list').respond({ resourceTemplates: [resourceTemplate('file:///{x}', 'x')] });
  server.whenRequest('prompts/list').respond({ prompts: [prompt('p', { arguments: ['code'] })] });
  server.whenRequest('prompts/get').respond(promptResult('hello'));
  server.whenRequest('completion/complete').respond({ completion: { values: ['x'] } });
  server.whenRequest('tools/call', { name: 'plain' }).respond(toolError('nope'));
  server.whenRequest('tools/call', { name: 'search' }).handle((call) => {
    call.progress(1, 2, 'half');
    const questions = { r: listRoots(), s: sampleMessage('Summarise'), ...(version >= '2025-06-18' ? { e: elicitForm('Name?', { name: { type: 'string' } }) } : {}) };
    call.ask(questions).subscribe(() => call.respond(version >= '2025-06-18' ? structuredResult({ n: 1 }) : toolResult(text('done'))));
  });
  server.whenRequest('tools/call', { name: 'fails' }).error(-32602, 'Unknown tool: fails');
  const document = serveResourceContents(server, 'file:///a', 'A');
  const wire = recording(server.transport);
  const client = createClient(wire.transport, { handlers, elicitationModes: ['form'], live: { debounceMs: 0 } });
  leave(client.tools$);
  leave(client.watchResource('file:///a'));
  const calls: Observable<unknown>[] = [client.listResources(), client.listResourceTemplates(), client.listPrompts(), client.getPrompt('p', { code: 'x' })];
  for (const call of calls) await lastValueFrom(call);
  await lastValueFrom(client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'code', value: 'x' } }));
  await lastValueFrom(client.callToolEvents('search', { q: 'x' }));
  await lastValueFrom(client.callTool('plain'));
  await lastValueFrom(client.callTool('fails')).catch(() => undefined);
  server.notify('notifications/tools/list_changed');
  document.update('B');
  if (!modern) await lastValueFrom(server.request('ping'));
  if (modern) server.endSubscriptions();
  client.close();
  expect(() => server.verify()).not.toThrow();
  return methodsOfResponses(wire.sent, wire.received);
}

/** Pairs each response the server sent with the method of the client request it answers. */
function methodsOfResponses(sent: readonly unknown[], received: readonly unknown[]): unknown[] {
  const methods = new Map<unknown, string>();
  for (const message of sent as { id?: unknown; method?: string }[]) if (message.method !== undefined && message.id !== undefined) methods.set(message.id, message.method);
  return received.map((message) => {
    const m = message as { id?: unknown; method?: string; result?: { resultType?: string } };
    return { message, answers: m.method === undefined ? methods.get(m.id) : undefined };
  });
}

describe('frames the testing controller sends', () => {
  const versions: OfficialSchemaVersion[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
  for (const version of versions) {
    it(`validate against the official ${version} schema.json`, async () => {
      const frames = (await exercise(version)) as { message: { method?: string; result?: { resultType?: string } }; answers: string | undefined }[];
      expect(frames.length).toBeGreaterThan(15);
      const kinds = new Set(frames.map(({ message, answers }) => message.method ?? `result of ${answers ?? '?'}`));
      for (const kind of ['result of tools/list', 'result of tools/call', 'notifications/progress', 'notifications/tools/list_changed', 'notifications/resources/updated']) {
        expect(kinds).withContext(kind).toContain(kind);
      }
      for (const { message, answers } of frames) {
        const inputRequired = message.result?.resultType === 'input_required';
        const errors = inputRequired
          ? validateAgainstOfficialSchema(version, message.result, { type: 'InputRequiredResult' })
          : validateAgainstOfficialSchema(version, message, answers === undefined ? {} : { method: answers });
        expect(errors).withContext(JSON.stringify(message)).toEqual([]);
      }
    });
  }
});
