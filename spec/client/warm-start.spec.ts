import { firstValueFrom } from 'rxjs';
import { ResultCache } from '../../src/client/cache.js';
import type { ServerSession } from '../../src/client/server-session.js';
import { freshUntil, restore, snapshot } from '../../src/client/warm/cache-records.js';
import { memoryWarmStore, type WarmRecord, type WarmStore } from '../../src/client/warm/store.js';
import { WarmStartSession } from '../../src/client/warm/warm-start.js';
import type { Diagnostic } from '../../src/session/types.js';

const T0 = Date.UTC(2026, 0, 1);
const modern: ServerSession = {
  era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: 's', version: '1' }, capabilities: { tools: {} }, instructions: undefined,
  supportedVersions: ['2026-07-28'],
};
const legacy: ServerSession = { ...modern, era: 'legacy', protocolVersion: '2025-11-25', supportedVersions: ['2025-11-25'] };

/** Lets the store's promises settle. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('WarmStartSession', () => {
  let store: WarmStore;
  let partition: string | undefined;
  let diagnostics: Diagnostic[];
  const warm = (s: WarmStore = store) => new WarmStartSession({ store: s, server: 'http://127.0.0.1/mcp' }, 'key', () => partition, (d) => diagnostics.push(d));
  /** A warm start that negotiated `server` with `hints`, written to the store. */
  const negotiatedOnce = async (server: ServerSession, hints?: { ttlMs: number; cacheScope: 'public' | 'private' }) => {
    const first = warm();
    await firstValueFrom(first.seed());
    first.negotiated(server, hints);
    await settle();
    return first;
  };

  beforeEach(() => {
    jasmine.clock().install();
    jasmine.clock().mockDate(new Date(T0));
    store = memoryWarmStore();
    partition = '';
    diagnostics = [];
  });
  afterEach(() => jasmine.clock().uninstall());

  it('hands out a 2026-07-28 discovery within its ttl, and not once the ttl is over', async () => {
    await negotiatedOnce(modern, { ttlMs: 1000, cacheScope: 'public' });
    jasmine.clock().tick(999);
    expect((await firstValueFrom(warm().seed()))?.server).toEqual(modern);
    jasmine.clock().tick(1);
    expect(await firstValueFrom(warm().seed())).toBeUndefined();
  });

  it('never stores a discovery whose ttlMs is 0 or negative', async () => {
    for (const ttlMs of [0, -5]) {
      await negotiatedOnce(modern, { ttlMs, cacheScope: 'public' });
      expect((await store.get('key'))?.discovery).toBeUndefined();
    }
  });

  it('hands out a private discovery only in the authorization context it was obtained in, and stores none without one', async () => {
    partition = 'token a';
    await negotiatedOnce(modern, { ttlMs: 1000, cacheScope: 'private' });
    expect((await firstValueFrom(warm().seed()))?.server).toEqual(modern);
    partition = 'token b';
    expect(await firstValueFrom(warm().seed())).toBeUndefined();
    partition = undefined;
    await negotiatedOnce(modern, { ttlMs: 1000, cacheScope: 'private' });
    expect((await store.get('key'))?.discovery).toBeUndefined();
  });

  it("keeps a legacy server's era without a ttl", async () => {
    await negotiatedOnce(legacy);
    jasmine.clock().tick(86_400_000);
    expect((await firstValueFrom(warm().seed()))?.server).toEqual(legacy);
  });

  it('keeps a catalog while its pages are fresh, forgets it when they may not be kept, and never hands out an expired one', async () => {
    const first = await negotiatedOnce(modern, { ttlMs: 1000, cacheScope: 'public' });
    first.keepCatalog('tools/list', [{ name: 'a' }], T0 + 500);
    await settle();
    expect((await warm().catalog('tools/list'))?.items).toEqual([{ name: 'a' }]);
    jasmine.clock().tick(500);
    expect(await warm().catalog('tools/list')).toBeUndefined();
    first.keepCatalog('tools/list', [{ name: 'a' }], undefined);
    await settle();
    expect((await store.get('key'))?.catalogs).toEqual({});
  });

  it('forgets the stored results when the negotiated server is another one, and says so', async () => {
    const first = await negotiatedOnce(modern, { ttlMs: 1000, cacheScope: 'public' });
    first.keepResults([{ key: 'k', method: 'tools/list', result: {}, freshUntil: T0 + 1000, partition: '' }]);
    await settle();
    const same = warm();
    await firstValueFrom(same.seed());
    expect(same.negotiated(modern, undefined)).toBeTrue();
    expect(same.results().length).toBe(1);
    const other = warm();
    await firstValueFrom(other.seed());
    expect(other.negotiated({ ...modern, serverInfo: { name: 'other', version: '2' } }, { ttlMs: 1000, cacheScope: 'public' })).toBeFalse();
    expect(other.results()).toEqual([]);
  });

  it('goes on cold with a diagnostic when the store fails', async () => {
    const failing: WarmStore = { get: () => Promise.reject(new Error('disk gone')), set: () => Promise.reject(new Error('disk full')), delete: () => Promise.resolve() };
    const start = warm(failing);
    expect(await firstValueFrom(start.seed())).toBeUndefined();
    start.negotiated(modern, { ttlMs: 1000, cacheScope: 'public' });
    await settle();
    expect(diagnostics.map((d) => [d.kind, d.message])).toEqual([
      ['warm-store-failed', 'The warm start store could not read the record of http://127.0.0.1/mcp: disk gone'],
      ['warm-store-failed', 'The warm start store could not write the record of http://127.0.0.1/mcp: disk full'],
    ]);
  });
});

describe('A warm start\'s snapshot and restore of a result cache', () => {
  beforeEach(() => {
    jasmine.clock().install();
    jasmine.clock().mockDate(new Date(T0));
  });
  afterEach(() => jasmine.clock().uninstall());

  it('takes in only the stored entries still fresh, and a snapshot leaves out the expired ones', () => {
    const cache = new ResultCache(() => '');
    const stored: WarmRecord['results'] = [
      { key: 'a', method: 'tools/list', result: { tools: [] }, freshUntil: T0 + 100, partition: '' },
      { key: 'b', method: 'prompts/list', result: { prompts: [] }, freshUntil: T0, partition: '' },
    ];
    restore(cache, stored);
    expect(cache.size).toBe(1);
    expect(freshUntil(cache, 'tools/list', '')).toBe(T0 + 100);
    expect(freshUntil(cache, 'prompts/list', '')).toBeUndefined();
    jasmine.clock().tick(100);
    expect(snapshot(cache)).toEqual([]);
  });
});
