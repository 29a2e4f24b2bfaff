import { map } from 'rxjs';
import type { Tool, ToolHintsMap } from '../../src/index.js';
import { DEFAULT_TOOL_HINTS, agentLoop, toOpenAiChatTools, type AgentDiagnostic } from '../../src/agent/index.js';
import { tool } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const names = (count: number, prefix = 't'): Tool[] => Array.from({ length: count }, (_, index) => tool(`${prefix}${index}`));

describe('tool adapter operators (marbles)', () => {
  it('re-emit the provider tool set whenever the tool list changes', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const tools$ = hot('a--b--c', { a: [tool('one')], b: [tool('one'), tool('two')], c: [tool('two')] });
      const names$ = tools$.pipe(toOpenAiChatTools(), map((set) => set.definitions.map((definition) => definition.function.name)));
      expectObservable(names$).toBe('a--b--c', { a: ['one'], b: ['one', 'two'], c: ['two'] });
    });
  });

  it('re-emit when live hints change, and the filter sees the trusted hints', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const tools$ = hot('a------', { a: [tool('read'), tool('write')] });
      const hints$ = cold<ToolHintsMap>('x--y', { x: new Map(), y: new Map([['read', { ...DEFAULT_TOOL_HINTS, readOnlyHint: true }]]) });
      const readOnly$ = tools$.pipe(
        toOpenAiChatTools({ hints: hints$, filter: (_tool, hints) => hints?.readOnlyHint === true }),
        map((set) => set.tools.map((entry) => entry.name)),
      );
      expectObservable(readOnly$).toBe('x--y', { x: [], y: ['read'] });
    });
  });

  it('advertise at most 128 tools by default and say which were left out', () => {
    const seen: AgentDiagnostic[] = [];
    createTestScheduler().run(({ cold, expectObservable }) => {
      const set$ = cold('a|', { a: names(130) }).pipe(toOpenAiChatTools({ onDiagnostic: (diagnostic) => seen.push(diagnostic) }));
      expectObservable(set$.pipe(map((set) => [set.definitions.length, set.diagnostics]))).toBe('a|', {
        a: [128, [{ kind: 'tool-cap', message: '130 tools, 128 advertised: 2 left out', tools: ['t128', 't129'] }]],
      });
    });
    expect(seen.map((diagnostic) => diagnostic.kind)).toEqual(['tool-cap']);
  });

  it('a smaller cap, and allow and deny lists', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const list = cold('a|', { a: names(5) });
      expectObservable(list.pipe(toOpenAiChatTools({ maxTools: 2 }), map((set) => set.tools.map((entry) => entry.name)))).toBe('a|', { a: ['t0', 't1'] });
      expectObservable(list.pipe(toOpenAiChatTools({ filter: { allow: ['t1', 't3', 't4'], deny: ['t4'] } }), map((set) => set.tools.map((entry) => entry.name)))).toBe('a|', { a: ['t1', 't3'] });
    });
  });

  it('a repeated tool is advertised once, with a diagnostic', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const set$ = cold('a|', { a: [tool('x'), tool('x')] }).pipe(toOpenAiChatTools(), map((set) => [set.tools.length, set.diagnostics.map((d) => d.kind)]));
      expectObservable(set$).toBe('a|', { a: [1, ['duplicate-tool']] });
    });
  });
});

describe('agentLoop waits for the tool list (marbles)', () => {
  it('a tool list that failed to load and has no items fails the loop with that error instead of hanging', () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const failure = new Error('tools/list failed');
      const source = {
        tools$: cold<readonly Tool[]>('-'),
        toolsState$: cold('a-b', { a: { items: undefined, stale: true, refreshing: true }, b: { items: undefined, stale: true, refreshing: false, error: failure } }),
        callTool: () => cold<never>('-'),
      };
      expectObservable(agentLoop({ source, model: { baseUrl: 'http://127.0.0.1:9', model: 'm' }, messages: [] })).toBe('--#', undefined, failure);
    });
  });
});
