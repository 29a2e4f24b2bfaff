import { extensionsFor } from '../../src/protocol/extensions.js';
import { isServerNotificationSpec, methodSpec } from '../../src/protocol/methods.js';
import { REVISION_REGISTRY } from '../../src/protocol/revision-registry.js';
import { applyMethodChanges, revisionOf } from '../../src/protocol/revisions.js';
import { LATEST_LEGACY_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/protocol/versions.js';

describe('protocol revision registry', () => {
  it('is where the supported revisions and the latest ones come from, newest first', () => {
    const versions = REVISION_REGISTRY.map((entry) => entry.version);
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual(versions);
    expect([...versions].sort().reverse()).toEqual(versions);
    expect(LATEST_PROTOCOL_VERSION).toBe(versions[0] as typeof LATEST_PROTOCOL_VERSION);
    expect(LATEST_LEGACY_PROTOCOL_VERSION).toBe(REVISION_REGISTRY.find((entry) => entry.era === 'legacy')?.version as typeof LATEST_LEGACY_PROTOCOL_VERSION);
  });

  it('gives each revision the extensions its entry lists', () => {
    for (const entry of REVISION_REGISTRY) {
      expect(extensionsFor(entry.version).map((extension) => extension.name)).withContext(entry.version).toEqual([...entry.extensions]);
    }
  });

  it('lists as typed notifications only server notifications that its revision and the newer ones up to a removal define', () => {
    for (const [index, entry] of REVISION_REGISTRY.entries()) {
      for (const method of Object.keys(entry.notifications)) {
        expect(isServerNotificationSpec(methodSpec(entry.version, method))).withContext(`${entry.version} ${method}`).toBeTrue();
        const older = REVISION_REGISTRY[index + 1];
        if (older) expect(methodSpec(older.version, method)).withContext(`${older.version} ${method}`).toBeUndefined();
      }
    }
  });

  it('builds each method table from the older one: added, changed and dropped methods', () => {
    expect(revisionOf('2025-03-26').methods['completion/complete']?.serverCapability).toEqual(['completions']);
    expect(revisionOf('2024-11-05').methods['completion/complete']?.serverCapability).toBeUndefined();
    expect(revisionOf('2026-07-28').methods['notifications/progress']?.direction).toBe('server-to-client');
    expect(revisionOf('2025-11-25').methods['notifications/progress']?.direction).toBe('both');
    const table = applyMethodChanges({ a: { kind: 'request', direction: 'both' }, b: { kind: 'notification', direction: 'both' } }, {
      add: { c: { kind: 'request', direction: 'client-to-server' } },
      change: { a: { paginated: true } },
      drop: ['b'],
    });
    expect(table).toEqual({ a: { kind: 'request', direction: 'both', paginated: true }, c: { kind: 'request', direction: 'client-to-server' } });
  });

  it('refuses a change to a method no older revision has', () => {
    expect(() => applyMethodChanges({}, { change: { nowhere: { deprecated: true } } })).toThrowError(/nowhere is changed before any revision adds it/);
  });
});
