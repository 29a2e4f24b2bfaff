// Per-call `_meta` (`CallOptions.meta`) reaches the wire on every verb that sends a request, in both eras, from the
// Observable verbs and from the async facade alike, and never replaces the keys the revision puts there.
import { lastValueFrom, type Observable } from 'rxjs';
import { createClient, toAsyncClient, type CallOptions, type Client } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import {
  eachEra, promptResult, prompt, resource, resourceTemplate, serveResourceContents, servePrompts, serveResources,
  serveResourceTemplates, serveTools, tool, toolResult, type EraCase, type TestingController,
} from '../../src/testing/index.js';
import { recording } from '../helpers/recording-transport.js';

const KEY = 'com.example/tag';
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** A server for every verb, and a transport that records what the client wrote. */
function setUp(era: EraCase): { server: TestingController; client: Client; sent: JsonRpcMessage[] } {
  const server = era.controller();
  const { transport, sent } = recording(server.transport);
  serveTools(server, [tool('echo')]);
  serveResources(server, [resource('file:///a.txt')]);
  serveResourceTemplates(server, [resourceTemplate('file:///{name}', 'files')]);
  serveResourceContents(server, 'file:///a.txt', 'a');
  servePrompts(server, [prompt('greet')]);
  server.whenRequest('prompts/get').respond(promptResult('hello'));
  server.whenRequest('tools/call').respond(toolResult('ok'));
  server.whenRequest('completion/complete').respond({ completion: { values: ['x'] } });
  return { server, client: createClient(transport, { timeout: { firstMs: 5000 } }), sent };
}

type Verb = (client: Client, options: CallOptions) => Observable<unknown>;

/** Every verb that sends one request, with the method it sends. */
const verbs: readonly (readonly [string, string, Verb])[] = [
  ['listTools', 'tools/list', (c, o) => c.listTools(o)],
  ['listToolsPage', 'tools/list', (c, o) => c.listToolsPage(undefined, o)],
  ['callTool', 'tools/call', (c, o) => c.callTool('echo', {}, o)],
  ['callToolEvents', 'tools/call', (c, o) => c.callToolEvents('echo', {}, o)],
  ['listResources', 'resources/list', (c, o) => c.listResources(o)],
  ['listResourcesPage', 'resources/list', (c, o) => c.listResourcesPage(undefined, o)],
  ['listResourceTemplates', 'resources/templates/list', (c, o) => c.listResourceTemplates(o)],
  ['listResourceTemplatesPage', 'resources/templates/list', (c, o) => c.listResourceTemplatesPage(undefined, o)],
  ['readResource', 'resources/read', (c, o) => c.readResource('file:///a.txt', o)],
  ['readResourceEvents', 'resources/read', (c, o) => c.readResourceEvents('file:///a.txt', o)],
  ['listPrompts', 'prompts/list', (c, o) => c.listPrompts(o)],
  ['listPromptsPage', 'prompts/list', (c, o) => c.listPromptsPage(undefined, o)],
  ['getPrompt', 'prompts/get', (c, o) => c.getPrompt('greet', {}, o)],
  ['getPromptEvents', 'prompts/get', (c, o) => c.getPromptEvents('greet', {}, o)],
  ['complete', 'completion/complete', (c, o) => c.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } }, o)],
];

/** The era-specific verbs: `ping` and `logging/setLevel` are legacy requests, `server/discover` a modern one. */
const legacyVerbs: readonly (readonly [string, string, Verb])[] = [
  ['ping', 'ping', (c, o) => c.ping(o)],
  ['setLoggingLevel', 'logging/setLevel', (c, o) => c.setLoggingLevel('info', o)],
];
const modernVerbs: readonly (readonly [string, string, Verb])[] = [['discover', 'server/discover', (c, o) => c.discover(o)]];

type AsyncVerb = (client: ReturnType<typeof toAsyncClient>, options: CallOptions) => Promise<unknown>;

const asyncVerbs: readonly (readonly [string, string, AsyncVerb])[] = [
  ['listTools', 'tools/list', (c, o) => c.listTools(o)],
  ['callTool', 'tools/call', (c, o) => c.callTool('echo', {}, o)],
  ['callTool with onProgress', 'tools/call', (c, o) => c.callTool('echo', {}, { ...o, onProgress: () => undefined })],
  ['listResources', 'resources/list', (c, o) => c.listResources(o)],
  ['listResourceTemplates', 'resources/templates/list', (c, o) => c.listResourceTemplates(o)],
  ['readResource', 'resources/read', (c, o) => c.readResource('file:///a.txt', o)],
  ['listPrompts', 'prompts/list', (c, o) => c.listPrompts(o)],
  ['getPrompt', 'prompts/get', (c, o) => c.getPrompt('greet', {}, o)],
  ['complete', 'completion/complete', (c, o) => c.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } }, o)],
];
const asyncLegacyVerbs: readonly (readonly [string, string, AsyncVerb])[] = [
  ['ping', 'ping', (c, o) => c.ping(o)],
  ['setLoggingLevel', 'logging/setLevel', (c, o) => c.setLoggingLevel('info', o)],
];
const asyncModernVerbs: readonly (readonly [string, string, AsyncVerb])[] = [['discover', 'server/discover', (c, o) => c.discover(o)]];

/** The `_meta` of the last request of `method` the client wrote. */
function metaOf(sent: readonly JsonRpcMessage[], method: string): Record<string, unknown> | undefined {
  const messages = sent.filter((message) => (message as { method?: string; id?: unknown }).method === method && 'id' in message);
  const params = (messages.at(-1) as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params;
  return params?._meta;
}

function expectMeta(era: EraCase, meta: Record<string, unknown> | undefined, value: string): void {
  expect(meta?.[KEY]).toBe(value);
  // The revision's own keys stay: 2026-07-28 puts the protocol version in every request's `_meta`.
  if (era.era === 'modern') expect(meta?.[PROTOCOL_VERSION_KEY]).toBe(era.revision);
}

describe('per-call _meta on the wire', () => {
  eachEra((era) => {
    const eraVerbs = [...verbs, ...(era.era === 'legacy' ? legacyVerbs : modernVerbs)];
    for (const [name, method, call] of eraVerbs) {
      it(`${name} sends options.meta in the ${method} request's _meta (${era.name})`, async () => {
        const { client, sent } = setUp(era);
        try {
          await lastValueFrom(client.connect());
          await lastValueFrom(call(client, { meta: { [KEY]: name } }), { defaultValue: undefined });
          expectMeta(era, metaOf(sent, method), name);
        } finally {
          client.close();
        }
      });
    }

    it(`request (an extension method) sends options.meta too (${era.name})`, async () => {
      const { server, client, sent } = setUp(era);
      server.whenRequest('com.example/echo').respond({ echoed: true });
      try {
        await lastValueFrom(client.request('com.example/echo', { value: 1 }, { meta: { [KEY]: 'request' } }));
        expectMeta(era, metaOf(sent, 'com.example/echo'), 'request');
      } finally {
        client.close();
      }
    });

    if (era.era === 'modern') {
      it(`a meta key never replaces the revision's own (${era.name})`, async () => {
        const { client, sent } = setUp(era);
        try {
          await lastValueFrom(client.listTools({ meta: { [KEY]: 'x', [PROTOCOL_VERSION_KEY]: '1999-01-01' } }));
          const meta = metaOf(sent, 'tools/list');
          expect(meta?.[KEY]).toBe('x');
          expect(meta?.[PROTOCOL_VERSION_KEY]).toBe(era.revision);
        } finally {
          client.close();
        }
      });
    }

    const eraAsyncVerbs = [...asyncVerbs, ...(era.era === 'legacy' ? asyncLegacyVerbs : asyncModernVerbs)];
    for (const [name, method, call] of eraAsyncVerbs) {
      it(`toAsyncClient ${name} sends options.meta in the ${method} request's _meta (${era.name})`, async () => {
        const { client, sent } = setUp(era);
        try {
          await call(toAsyncClient(client), { meta: { [KEY]: `async ${name}` } });
          expectMeta(era, metaOf(sent, method), `async ${name}`);
        } finally {
          client.close();
        }
      });
    }
  });
});
