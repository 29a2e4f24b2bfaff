import { map } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { createClient } from '../../src/index.js';
import {
  ExpectationFailedError, PARITY_REVISIONS, TestScriptError, eachEra, eraCase, itInEachEra, serveTools, tool, type TestingController,
} from '../../src/testing/index.js';

describe('eachEra', () => {
  it('defines once per era, newest legacy revision first, each with a controller of its revision', () => {
    const seen: string[] = [];
    eachEra((era) => seen.push(`${era.name}: ${era.controller({ capabilities: { tools: {} } }).revision} ${era.controller().era}`));
    expect(seen).toEqual(['legacy 2025-11-25: 2025-11-25 legacy', 'modern 2026-07-28: 2026-07-28 modern']);
    expect(PARITY_REVISIONS).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('takes other revisions, and eraCase describes one', () => {
    const seen: string[] = [];
    eachEra((era) => seen.push(era.revision), ['2024-11-05', '2025-06-18']);
    expect(seen).toEqual(['2024-11-05', '2025-06-18']);
    expect(eraCase('2026-07-28').controller({ capabilities: { tools: {} } }).capabilities).toEqual({ tools: {} });
  });
});

describe('era.run and itInEachEra', () => {
  const listing = (server: TestingController, { expectObservable }: RunHelpers, count: number) => {
    serveTools(server, [tool('search')]);
    expectObservable(createClient(server.transport).tools$.pipe(map((tools) => tools.length))).toBe('a', { a: count });
  };

  it('era.run needs no scheduler: it runs the body in virtual time, flushes and verifies', () => {
    const server = eraCase('2026-07-28').run((s, helpers) => listing(s, helpers, 1));
    expect(server.requests.map((request) => request.method)).toEqual(['tools/list']);
    expect(() => eraCase('2025-11-25').run((s, helpers) => listing(s, helpers, 2))).toThrowMatching((error) => error instanceof ExpectationFailedError && /expected 0ms next 2, got 0ms next 1/.test(error.message));
  });

  it('itInEachEra defines one spec per era, titled with the era, that runs the body against that revision', () => {
    const defined: [string, () => void][] = [];
    const revisions: string[] = [];
    itInEachEra('lists the tools', (server, helpers) => (revisions.push(server.revision), listing(server, helpers, 1)), { it: (title, body) => defined.push([title, body]) });
    expect(defined.map(([title]) => title)).toEqual(['lists the tools (legacy 2025-11-25)', 'lists the tools (modern 2026-07-28)']);
    for (const [, body] of defined) body();
    expect(revisions).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('itInEachEra hands the controller options on, and its specs fail when verify() finds a problem', () => {
    const defined: (() => void)[] = [];
    itInEachEra('calls', (server) => {
      expect(server.capabilities).toEqual({ tools: {} });
      createClient(server.transport).callTool('unanswered').subscribe({ error: () => undefined });
    }, { capabilities: { tools: {} }, revisions: ['2026-07-28'], it: (_title, body) => defined.push(body) });
    expect(defined.length).toBe(1);
    expect(() => defined[0]?.()).toThrowMatching((error) => error instanceof ExpectationFailedError && /unexpected request: tools\/call/.test(error.message));
  });

  it('itInEachEra runs each spec in a scheduler of the test\'s own when given createScheduler', () => {
    const compared: number[] = [];
    const defined: (() => void)[] = [];
    const createScheduler = () => new TestScheduler((actual: unknown[], expected: unknown[]) => (compared.push(actual.length), expect(actual).toEqual(expected)));
    itInEachEra('lists', (server, helpers) => listing(server, helpers, 1), { createScheduler, it: (_title, body) => defined.push(body) });
    for (const body of defined) body();
    expect(compared).toEqual([1, 1]); // one expectObservable per era, compared by that scheduler: one frame each
  });

  it('itInEachEra uses the global it by default, and says what to do where there is none', () => {
    const global = globalThis as { it?: unknown };
    const saved = global.it;
    const titles: string[] = [];
    try {
      global.it = (title: string) => titles.push(title);
      itInEachEra('uses the global it', () => undefined);
      delete global.it;
      expect(() => itInEachEra('has no it', () => undefined)).toThrowMatching((error) => error instanceof TestScriptError && /pass \{ it \}, or use eachEra/.test(error.message));
    } finally {
      global.it = saved;
    }
    expect(titles).toEqual(['uses the global it (legacy 2025-11-25)', 'uses the global it (modern 2026-07-28)']);
  });
});
