import { lastValueFrom, map } from 'rxjs';
import { createClient } from '../../src/index.js';
import {
  audio, createTestingController, elicitForm, elicitUrl, embeddedText, image, listRoots, prompt, promptResult, resource, resourceContents,
  resourceLink, resourceTemplate, sampleMessage, serveResourceContents, serveTools, servePrompts, serveResources, serveResourceTemplates, slowTool,
  structuredResult, text, tool, toolError, toolResult,
} from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('testing fixtures: builders', () => {
  it('build tools with input and output schemas and annotations', () => {
    expect(tool('search', { title: 'Search', input: { q: { type: 'string' } }, required: ['q'], outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } })).toEqual({
      name: 'search', title: 'Search', outputSchema: { type: 'object' }, annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    });
    expect(tool('raw', { inputSchema: { type: 'object', additionalProperties: false } }).inputSchema).toEqual({ type: 'object', additionalProperties: false });
  });

  it('build resources, templates and prompts', () => {
    expect(resource('file:///notes/today.md', { mimeType: 'text/markdown' })).toEqual({ uri: 'file:///notes/today.md', mimeType: 'text/markdown', name: 'today.md' });
    expect(resourceTemplate('file:///notes/{day}.md', 'day')).toEqual({ uriTemplate: 'file:///notes/{day}.md', name: 'day' });
    expect(prompt('review', { arguments: ['code', { name: 'style', required: true }] })).toEqual({ name: 'review', arguments: [{ name: 'code' }, { name: 'style', required: true }] });
  });

  it('build content blocks and results', () => {
    expect([text('a'), image('AA'), audio('BB'), resourceLink('file:///x.md'), embeddedText('file:///y', 'y', 'text/plain')]).toEqual([
      { type: 'text', text: 'a' }, { type: 'image', data: 'AA', mimeType: 'image/png' }, { type: 'audio', data: 'BB', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///x.md', name: 'x.md' }, { type: 'resource', resource: { uri: 'file:///y', text: 'y', mimeType: 'text/plain' } },
    ]);
    expect(toolResult('ok', image('AA'))).toEqual({ content: [text('ok'), image('AA')] });
    expect(structuredResult({ sum: 3 })).toEqual({ content: [text('{"sum":3}')], structuredContent: { sum: 3 } });
    expect(toolError('rate limited')).toEqual({ content: [text('rate limited')], isError: true });
    expect(resourceContents('file:///a', 'A')).toEqual({ contents: [{ uri: 'file:///a', text: 'A' }] });
    expect(promptResult('hi')).toEqual({ messages: [{ role: 'user', content: text('hi') }] });
  });

  it('build the questions a server asks', () => {
    expect(elicitForm('Name?', { name: { type: 'string' } }, ['name'])).toEqual({
      method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    });
    expect(elicitUrl('Sign in', 'https://example.com/login', 'e1')).toEqual({ method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' } });
    expect(sampleMessage('Summarise', 50)).toEqual({ method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: text('Summarise') }], maxTokens: 50 } });
    expect(listRoots()).toEqual({ method: 'roots/list', params: {} });
  });
});

describe('testing fixtures: behaviours', () => {
  it('serveTools serves pages and announces a change of the list', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const server = createTestingController({ revision: '2025-11-25' });
      const tools = serveTools(server, [tool('a'), tool('b'), tool('c')], { pageSize: 2 });
      const client = createClient(server.transport, { live: { debounceMs: 1 } });
      expectObservable(client.tools$.pipe(map((list) => list.map((t) => t.name).join()))).toBe('a 3ms b', { a: 'a,b,c', b: 'd' });
      cold('---x').subscribe(() => tools.set([tool('d')]));
    });
  });

  it('servePrompts, serveResources and serveResourceTemplates serve their lists', async () => {
    const server = createTestingController();
    servePrompts(server, [prompt('p')]);
    serveResources(server, [resource('file:///r')]);
    serveResourceTemplates(server, [resourceTemplate('file:///{x}', 'x')]);
    const client = createClient(server.transport);
    expect((await lastValueFrom(client.listPrompts())).map((p) => p.name)).toEqual(['p']);
    expect((await lastValueFrom(client.listResources())).map((r) => r.uri)).toEqual(['file:///r']);
    expect((await lastValueFrom(client.listResourceTemplates())).map((t) => t.name)).toEqual(['x']);
    server.verify();
  });

  it('serveResourceContents answers reads and tells watchers about updates', () => {
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      const server = createTestingController({ revision });
      const doc = serveResourceContents(server, 'file:///notes.md', 'v1');
      const seen: string[] = [];
      createClient(server.transport).watchResource('file:///notes.md').subscribe((r) => seen.push((r.contents[0] as { text: string }).text));
      expect(doc.update('v2')).toBe(1);
      expect([seen, doc.text]).toEqual([['v1', 'v2'], 'v2']);
    }
  });

  it('slowTool reports progress every everyMs and then answers, in virtual time', () => {
    createTestScheduler().run(({ expectObservable }) => {
      const server = createTestingController();
      slowTool(server, 'build', { steps: 3, everyMs: 100, result: toolResult('built') });
      const events = createClient(server.transport).callToolEvents('build').pipe(map((e) => (e.type === 'progress' ? `${e.progress}/${e.total ?? '?'}` : 'result')));
      expectObservable(events).toBe('100ms a 99ms b 99ms (cr|)', { a: '1/3', b: '2/3', c: '3/3', r: 'result' });
    });
  });

  it('slowTool stops when the client cancels', () => {
    createTestScheduler().run(({ expectObservable, flush }) => {
      const server = createTestingController();
      const rule = slowTool(server, 'build');
      expectObservable(createClient(server.transport).callToolEvents('build'), '^ 150ms !').toBe('100ms p', { p: { type: 'progress', progress: 1, total: 3 } });
      flush();
      server.expectCancelled(rule.requests[0] ?? -1);
      server.verify();
    });
  });
});
