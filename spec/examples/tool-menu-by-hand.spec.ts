// The tests of recipe-tool-menu.spec.ts written without the testing controller: every frame of both eras scripted
// by hand with marbleTransport. Kept as the comparison the README quotes; like the recipe, it uses only what a
// user has (the public exports, rxjs and the test framework).
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createClient } from '../../src/index.js';
import type { JsonRpcMessage } from '../../src/protocol/index.js';
import { err, marbleTransport, note, res } from '../../src/testing/index.js';
import { toolMenu } from './recipes/tool-menu.js';

const createTestScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const methodOf = (message: JsonRpcMessage) => ('method' in message ? message.method : 'response');

const search = { name: 'search', title: 'Search', inputSchema: { type: 'object' } };
const remove = { name: 'rm', title: 'Delete files', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } };
const capabilities = { tools: { listChanged: true } };
const MENU = { a: 'Loading tools…', b: 'Delete files ⚠ | Search', c: 'Delete files ⚠ | Search | (updating…)', d: 'Search' };
const tag = { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } };

/** What differs between the eras: the opening frames (ids 0 and 1), the list answers, the change, what the client sends. */
interface Era {
  readonly name: string;
  readonly opening: Record<string, unknown>;
  list(id: number, ...tools: object[]): unknown;
  readonly change: unknown;
  /** The client's frames when the list is refreshed once (at 110 ms), and when it is not. */
  readonly refreshed: string;
  readonly notRefreshed: string;
  readonly sent: Record<string, string>;
}

const ERAS: Era[] = [
  {
    // The client probes with server/discover (id 0), then initializes (id 1); tools/list is id 2, the refresh id 3.
    name: 'legacy 2025-11-25',
    opening: {
      p: err(0, -32601, 'Method not found'),
      i: res(1, { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 's', version: '1' } }),
    },
    list: (id, ...tools) => res(id, { tools }),
    change: note('notifications/tools/list_changed'),
    refreshed: '(dint) 104ms t',
    notRefreshed: '(dint)',
    sent: { d: 'server/discover', i: 'initialize', n: 'notifications/initialized', t: 'tools/list' },
  },
  {
    // server/discover is id 0, the listen stream id 1 (its acknowledgement and changes carry that id), tools/list id 2
    // and the refresh id 3; the listen stream ends 1 s (the catalog's grace period) after the last subscriber.
    name: 'modern 2026-07-28',
    opening: {
      p: res(0, { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities, ttlMs: 0, cacheScope: 'public' }),
      i: note('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true }, ...tag }),
    },
    list: (id, ...tools) => res(id, { resultType: 'complete', tools, ttlMs: 0, cacheScope: 'public' }),
    change: note('notifications/tools/list_changed', tag),
    refreshed: '(dnt) 105ms t 1090ms x',
    notRefreshed: '(dnt) 1196ms x',
    sent: { d: 'server/discover', n: 'subscriptions/listen', t: 'tools/list', x: 'notifications/cancelled' },
  },
];

describe('toolMenu, scripted by hand', () => {
  for (const era of ERAS) {
    it(`shows the sorted tools and follows a change of the list (${era.name})`, () => {
      createTestScheduler().run(({ hot, expectObservable }) => {
        // The refresh goes out at 110 ms, after the debounce; its answer must come one frame later.
        const inbound = hot('(pil) 5ms c 100ms d', { ...era.opening, l: era.list(2, search, remove), c: era.change, d: era.list(3, search) });
        const { transport, outbound$ } = marbleTransport(inbound);
        expectObservable(toolMenu(createClient(transport)), '^ 200ms !').toBe('(ab) 6ms c 100ms d', MENU);
        expectObservable(outbound$.pipe(map(methodOf))).toBe(era.refreshed, era.sent);
      });
    });

    it(`keeps the list when a refresh fails, and says so (${era.name})`, () => {
      createTestScheduler().run(({ hot, expectObservable }) => {
        const inbound = hot('(pil) 5ms c 100ms e', { ...era.opening, l: era.list(2, search, remove), c: era.change, e: err(3, -32603, 'database down') });
        const { transport, outbound$ } = marbleTransport(inbound);
        expectObservable(toolMenu(createClient(transport)), '^ 200ms !').toBe('(ab) 6ms c 100ms e', {
          ...MENU, e: 'Delete files ⚠ | Search | (could not refresh: database down)',
        });
        expectObservable(outbound$.pipe(map(methodOf))).toBe(era.refreshed, era.sent);
      });
    });

    it(`says when the tools cannot be listed at all (${era.name})`, () => {
      createTestScheduler().run(({ hot, expectObservable }) => {
        const { transport, outbound$ } = marbleTransport(hot('(pie)', { ...era.opening, e: err(2, -32603, 'database down') }));
        expectObservable(toolMenu(createClient(transport)), '^ 200ms !').toBe('(af)', { ...MENU, f: 'Tools unavailable: database down' });
        expectObservable(outbound$.pipe(map(methodOf))).toBe(era.notRefreshed, era.sent);
      });
    });
  }
});
