import { of } from 'rxjs';
import type { Tool } from '../../src/index.js';
import { shortHash } from '../../src/agent/names.js';
import {
  PROVIDER_TOOL_NAME, assignToolNames, describeTools, normalizeInputSchema, openAiChatTool, toAnthropicTools, toOpenAiChatTools, toOpenAiResponsesTools, type AdvertisedTools,
} from '../../src/agent/index.js';
import { tool } from '../../src/testing/index.js';

const NO_ARGS = tool('ping', { inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, description: 'Answers pong' });
const OPTIONAL = tool('search', { inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'], additionalProperties: false } });
const ALL_REQUIRED = tool('move', { inputSchema: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false } });
const WITH_DEFS = tool('draw', { inputSchema: {
  type: 'object',
  $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false } },
  properties: { from: { $ref: '#/$defs/Point' }, to: { $ref: '#/$defs/Point', description: 'End point' } },
  required: ['from', 'to'],
  additionalProperties: false,
} });
const WITH_FORMAT = tool('fetch_page', { inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'], additionalProperties: false } });
const LONG_NAME = 'a'.repeat(30) + '.' + 'b'.repeat(39); // 70 characters, one of them not allowed

function first<D>(set: AdvertisedTools<D>): D {
  return set.definitions[0] as D;
}

function convert<D>(operator: (tools: readonly Tool[]) => AdvertisedTools<D>, tools: readonly Tool[]): AdvertisedTools<D> {
  return operator(tools);
}

const chat = (tools: readonly Tool[]) => convert((list) => describeTools(list, new Map(), openAiChatTool), tools);

describe('tool adapters: fixture schemas', () => {
  it('a no-argument tool gets type object and empty properties, $schema dropped, not strict (OpenAI Chat)', () => {
    expect(first(chat([NO_ARGS]))).toEqual({
      type: 'function',
      function: { name: 'ping', description: 'Answers pong', parameters: { type: 'object', properties: {} }, strict: false },
    });
  });

  it('optional parameters keep the schema as it is and are not strict; all required with additionalProperties false is strict', () => {
    const set = chat([OPTIONAL, ALL_REQUIRED]);
    expect(set.definitions).toEqual([
      { type: 'function', function: { name: 'search', parameters: OPTIONAL.inputSchema, strict: false } },
      { type: 'function', function: { name: 'move', parameters: ALL_REQUIRED.inputSchema, strict: true } },
    ]);
  });

  it('local $refs are replaced by their $defs, which are dropped; siblings of a $ref are kept', () => {
    const point = { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false };
    expect(first(chat([WITH_DEFS])).function).toEqual({
      name: 'draw',
      parameters: { type: 'object', properties: { from: point, to: { ...point, description: 'End point' } }, required: ['from', 'to'], additionalProperties: false },
      strict: true,
    });
  });

  it('a recursive $ref is kept with its definitions', () => {
    const schema = { type: 'object', $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } }, properties: { root: { $ref: '#/$defs/Node' } } };
    const normalized = normalizeInputSchema(schema);
    expect(normalized.recursive).toBeTrue();
    expect(normalized.schema['$defs']).toBeDefined();
    expect(JSON.stringify(normalized.schema)).toContain('"$ref":"#/$defs/Node"');
  });

  it('a network $ref is never fetched: it becomes an unconstrained schema and a diagnostic', () => {
    const remote = tool('remote', { inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json', description: 'A' } } } });
    const set = chat([remote]);
    expect(first(set).function.parameters).toEqual({ type: 'object', properties: { a: { description: 'A' } } });
    expect(set.diagnostics).toEqual([jasmine.objectContaining({ kind: 'unresolved-ref', tools: ['remote'] })]);
  });

  it('format: "uri" makes a schema non-strict even when everything is required', () => {
    expect(first(chat([WITH_FORMAT])).function.strict).toBeFalse();
    expect(first(chat([WITH_FORMAT])).function.parameters).toEqual(WITH_FORMAT.inputSchema as never);
  });

  it('a 70-character name becomes a valid 64-character name with a stable hash, and maps back', () => {
    const set = chat([tool(LONG_NAME, { inputSchema: { type: 'object' } })]);
    const name = first(set).function.name;
    expect(name.length).toBe(64);
    expect(PROVIDER_TOOL_NAME.test(name)).toBeTrue();
    expect(name.endsWith(`_${shortHash(LONG_NAME)}`)).toBeTrue();
    expect(chat([tool(LONG_NAME, { inputSchema: { type: 'object' } }), NO_ARGS]).definitions[0]?.function.name).toBe(name);
    expect(set.byName.get(name)?.tool.name).toBe(LONG_NAME);
  });

  it('the same tool name on two servers gets two names, each routed to its server', () => {
    const echo = tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } });
    const set = describeTools({ alpha: [echo], beta: [echo] }, new Map(), openAiChatTool);
    expect(set.definitions.map((definition) => definition.function.name)).toEqual(['alpha__echo', 'beta__echo']);
    expect(set.byName.get('alpha__echo')).toEqual(jasmine.objectContaining({ server: 'alpha', tool: echo }));
    expect(set.byName.get('beta__echo')).toEqual(jasmine.objectContaining({ server: 'beta', tool: echo }));
  });

  it('names that collide after sanitising get a hash; the name that was already valid keeps it; the way back is a table', () => {
    const { names, byName } = assignToolNames([{ name: 'files.read' }, { name: 'files_read' }, { server: 'a__b', name: 'c' }, { server: 'a', name: 'b__c' }]);
    expect(names[0]).toBe(`files_read_${shortHash('files.read')}`);
    expect(names[1]).toBe('files_read');
    expect(new Set(names).size).toBe(4);
    expect(names.every((name) => name !== undefined && PROVIDER_TOOL_NAME.test(name))).toBeTrue();
    expect(byName.get(names[2] as string)).toEqual({ server: 'a__b', name: 'c' });
    expect(byName.get(names[3] as string)).toEqual({ server: 'a', name: 'b__c' });
  });

  it('OpenAI Responses and Anthropic shapes', () => {
    let responses: unknown;
    let anthropic: unknown;
    of([NO_ARGS, ALL_REQUIRED]).pipe(toOpenAiResponsesTools()).subscribe((set) => (responses = set.definitions));
    of([NO_ARGS, ALL_REQUIRED]).pipe(toAnthropicTools()).subscribe((set) => (anthropic = set.definitions));
    expect(responses).toEqual([
      { type: 'function', name: 'ping', description: 'Answers pong', parameters: { type: 'object', properties: {} }, strict: false },
      { type: 'function', name: 'move', parameters: ALL_REQUIRED.inputSchema, strict: true },
    ]);
    expect(anthropic).toEqual([
      { name: 'ping', description: 'Answers pong', input_schema: { type: 'object', properties: {} } },
      { name: 'move', input_schema: ALL_REQUIRED.inputSchema },
    ]);
  });

  it('strict: false never marks a definition strict', () => {
    let strict: boolean | undefined;
    of([ALL_REQUIRED]).pipe(toOpenAiChatTools({ strict: false })).subscribe((set) => (strict = set.definitions[0]?.function.strict));
    expect(strict).toBeFalse();
  });
});
