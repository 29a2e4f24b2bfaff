import { lastValueFrom, toArray, type Observable } from 'rxjs';
import { createClient, toAsyncClient, type CallOptions, type Client } from '../../src/index.js';
import type { ProtocolVersion } from '../../src/protocol/index.js';
import { createTestingController, DEFAULT_TESTING_CAPABILITIES, prompt, resource, tool, type TestRequest } from '../../src/testing/index.js';
import { VERB_TABLE, type VerbTable } from '../../src/client/verb-table.js';
import { isAsyncKind } from '../../src/client/verb-line.js';

/** One verb's call: its positional arguments, the params they make, the server's answer and what the verb gives. */
interface Sample {
  readonly args: readonly unknown[];
  readonly params: Readonly<Record<string, unknown>>;
  /** The server's answer (none: the testing server's own `ping` answer). */
  readonly answer?: Readonly<Record<string, unknown>>;
  readonly gives: unknown;
  readonly revision?: ProtocolVersion;
  /** The testing server answers the request itself, before any rule, and does not list it (`server/discover`). */
  readonly unlisted?: true;
  /** The server declares the Skills extension (with `directoryRead`). */
  readonly skills?: true;
  /** The server declares the Events extension. */
  readonly events?: true;
}

const page = { tools: [tool('t')], nextCursor: 'next' };
const contents = { contents: [{ uri: 'file:///a', text: 'a' }] };
const rendered = { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] };
const completion = { completion: { values: ['x'] } };
const completeParams = { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'x' } };
const complete = (answer: object) => jasmine.objectContaining(answer);
const skill = { uri: 'skill://s/SKILL.md', frontmatter: { name: 's', description: 'd' }, resources: 'dynamic' };
const skills = { revision: '2026-07-28', skills: true } as const;
const directory = { resources: [{ uri: 'skill://s/a.md', name: 'a.md' }] };
const eventType = { name: 'e.tick', delivery: ['poll'], inputSchema: { type: 'object' }, payloadSchema: { type: 'object' } };
const events = { revision: '2026-07-28', events: true } as const;
const polled = { events: [{ eventId: 'e1', name: 'e.tick', timestamp: '2026-12-03T00:00:00Z', data: { n: 1 } }], cursor: '1', truncated: false, hasMore: false, nextPollMs: 1000 };
const pollParams = { name: 'e.tick', arguments: { every: 2 }, cursor: '0', maxEvents: 5 };

/** A sample call of every verb of the table (the type asks for one per line). */
const SAMPLES: { readonly [K in keyof VerbTable]: Sample } = {
  discover: { args: [], params: {}, gives: complete({ supportedVersions: ['2026-07-28'] }), revision: '2026-07-28', unlisted: true },
  ping: { args: [], params: {}, gives: undefined, revision: '2025-11-25' },
  listTools: { args: [], params: {}, answer: { tools: [tool('t')] }, gives: [jasmine.objectContaining({ name: 't' })] },
  listToolsPage: { args: ['c1'], params: { cursor: 'c1' }, answer: page, gives: complete(page) },
  listResources: { args: [], params: {}, answer: { resources: [resource('file:///a')] }, gives: [jasmine.objectContaining({ uri: 'file:///a' })] },
  listResourcesPage: { args: [undefined], params: {}, answer: { resources: [] }, gives: complete({ resources: [] }) },
  listResourceTemplates: { args: [], params: {}, answer: { resourceTemplates: [] }, gives: [] },
  listResourceTemplatesPage: { args: ['c2'], params: { cursor: 'c2' }, answer: { resourceTemplates: [] }, gives: complete({ resourceTemplates: [] }) },
  readResource: { args: ['file:///a'], params: { uri: 'file:///a' }, answer: contents, gives: complete(contents) },
  readResourceEvents: { args: ['file:///a'], params: { uri: 'file:///a' }, answer: contents, gives: jasmine.objectContaining({ type: 'result', result: complete(contents) }) },
  listPrompts: { args: [], params: {}, answer: { prompts: [prompt('p')] }, gives: [jasmine.objectContaining({ name: 'p' })] },
  listPromptsPage: { args: [undefined], params: {}, answer: { prompts: [] }, gives: complete({ prompts: [] }) },
  getPrompt: { args: ['p', { a: '1' }], params: { name: 'p', arguments: { a: '1' } }, answer: rendered, gives: complete(rendered) },
  getPromptEvents: { args: ['p', undefined], params: { name: 'p' }, answer: rendered, gives: jasmine.objectContaining({ type: 'result', result: complete(rendered) }) },
  complete: { args: [completeParams], params: completeParams, answer: completion, gives: complete(completion) },
  listSkills: { args: [], params: {}, answer: { skills: [skill] }, gives: [skill], ...skills },
  listSkillsPage: { args: ['c3'], params: { cursor: 'c3' }, answer: { skills: [skill] }, gives: complete({ skills: [skill] }), ...skills },
  getSkill: { args: ['skill://s/SKILL.md'], params: { uri: 'skill://s/SKILL.md' }, answer: { skill }, gives: complete({ skill }), ...skills },
  readDirectory: { args: ['skill://s', 'c4'], params: { uri: 'skill://s', cursor: 'c4' }, answer: directory, gives: complete(directory), ...skills },
  listEvents: { args: [], params: {}, answer: { events: [eventType] }, gives: [eventType], ...events },
  listEventsPage: { args: ['c5'], params: { cursor: 'c5' }, answer: { events: [eventType] }, gives: complete({ events: [eventType] }), ...events },
  pollEvents: { args: [pollParams], params: pollParams, answer: polled, gives: complete(polled), ...events },
  streamEvents: { args: [{ name: 'e.tick', cursor: null }], params: { name: 'e.tick', cursor: null }, answer: {}, gives: complete({}), ...events },
};

const meta = { 'com.example/verb': 'table' };

type Verb = (...args: unknown[]) => Observable<unknown> | Promise<unknown>;

/** The verb `name` called with the sample's arguments and options carrying `meta`: what it gave, the request it sent. */
async function callWith(name: keyof VerbTable, as: 'observable' | 'async'): Promise<{ gives: unknown; request: TestRequest | undefined }> {
  const sample = SAMPLES[name];
  const extensions = { ...(sample.skills ? { 'io.modelcontextprotocol/skills': { directoryRead: true } } : {}), ...(sample.events ? { 'io.modelcontextprotocol/events': {} } : {}) };
  const capabilities = sample.skills || sample.events ? { ...DEFAULT_TESTING_CAPABILITIES, extensions } : undefined;
  const server = createTestingController({ revision: sample.revision ?? '2025-11-25', ...(capabilities ? { capabilities } : {}) });
  if (sample.answer) server.whenRequest(VERB_TABLE[name].method).respond(sample.answer);
  const client: Client = createClient(server.transport);
  const options: CallOptions = { meta, fresh: true };
  const verbs = (as === 'async' ? toAsyncClient(client) : client) as unknown as Record<string, Verb>;
  const called = verbs[name]!(...sample.args, options);
  const gives = called instanceof Promise ? await called : (await lastValueFrom(called.pipe(toArray()))).at(-1);
  client.close();
  return { gives, request: [...server.requests].reverse().find((request) => request.method === VERB_TABLE[name].method) };
}

function expectSent(name: keyof VerbTable, request: TestRequest | undefined): void {
  const { _meta: _sent, ...params } = (request?.params ?? {}) as Record<string, unknown>;
  expect(request?.method).withContext(name).toBe(VERB_TABLE[name].method);
  expect(params).withContext(name).toEqual(SAMPLES[name].params);
  expect(request?.meta).withContext(name).toEqual(jasmine.objectContaining(meta));
}

describe('The verb table', () => {
  it('gives each verb its method, its arguments as the params, the options after them, and the decoded answer', async () => {
    for (const name of Object.keys(VERB_TABLE) as (keyof VerbTable)[]) {
      const { gives, request } = await callWith(name, 'observable');
      if (!SAMPLES[name].unlisted) expectSent(name, request);
      expect(gives).withContext(name).toEqual(SAMPLES[name].gives);
    }
  });

  it('gives the async facade the result, list and empty verbs (not the page and events ones), with the same calls', async () => {
    const asyncClient = toAsyncClient(createClient(createTestingController().transport));
    for (const name of Object.keys(VERB_TABLE) as (keyof VerbTable)[]) {
      const line = VERB_TABLE[name];
      expect(name in asyncClient).withContext(name).toBe(isAsyncKind(line.kind));
      if (!isAsyncKind(line.kind)) continue;
      const { gives, request } = await callWith(name, 'async');
      if (!SAMPLES[name].unlisted) expectSent(name, request);
      expect(gives).withContext(name).toEqual(SAMPLES[name].gives);
    }
    asyncClient.close();
  });
});
