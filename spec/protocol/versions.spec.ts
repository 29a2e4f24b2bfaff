import {
  acceptLegacyVersion,
  compareVersions,
  eraOf,
  isLegacyVersion,
  isModernVersion,
  isSupportedVersion,
  isVersionAtLeast,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  pickVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../../src/protocol/versions.js';

describe('protocol versions', () => {
  it('lists the supported revisions newest first', () => {
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(LATEST_PROTOCOL_VERSION).toBe('2026-07-28');
    expect(LATEST_LEGACY_PROTOCOL_VERSION).toBe('2025-11-25');
    expect([...LEGACY_PROTOCOL_VERSIONS]).toEqual(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== '2026-07-28'));
  });

  it('tells the eras apart, including revisions newer than the ones it knows', () => {
    expect(isModernVersion('2026-07-28')).toBeTrue();
    expect(isModernVersion('2027-01-01')).toBeTrue();
    expect(isModernVersion('2025-11-25')).toBeFalse();
    expect(isModernVersion('latest')).toBeFalse();
    expect(isLegacyVersion('2024-11-05')).toBeTrue();
    expect(isLegacyVersion('2026-07-28')).toBeFalse();
    expect(eraOf('2025-03-26')).toBe('legacy');
    expect(eraOf('2026-07-28')).toBe('modern');
    expect(eraOf('1.0')).toBeUndefined();
  });

  it('recognises supported revisions only', () => {
    expect(isSupportedVersion('2025-06-18')).toBeTrue();
    expect(isSupportedVersion('2025-06-19')).toBeFalse();
    expect(isSupportedVersion(20250618)).toBeFalse();
  });

  it('orders revisions chronologically', () => {
    expect(compareVersions('2024-11-05', '2025-03-26')).toBeLessThan(0);
    expect(compareVersions('2026-07-28', '2025-11-25')).toBeGreaterThan(0);
    expect(compareVersions('2025-06-18', '2025-06-18')).toBe(0);
    expect(isVersionAtLeast('2025-06-18', '2025-03-26')).toBeTrue();
    expect(isVersionAtLeast('2025-03-26', '2025-06-18')).toBeFalse();
  });

  it('picks the newest revision both sides speak', () => {
    expect(pickVersion(['2025-06-18', '2026-07-28', '1900-01-01'])).toBe('2026-07-28');
    expect(pickVersion(['1900-01-01', 42, null])).toBeUndefined();
    expect(pickVersion(['2026-07-28', '2025-11-25'], { era: 'legacy' })).toBe('2025-11-25');
    expect(pickVersion(['2025-11-25'], { era: 'modern' })).toBeUndefined();
    expect(pickVersion(['2026-07-28', '2025-06-18'], { ours: ['2025-06-18', '2024-11-05'] })).toBe('2025-06-18');
  });

  it('accepts the revision a legacy server negotiated only when it is a legacy revision we speak', () => {
    expect(acceptLegacyVersion('2025-03-26')).toBe('2025-03-26');
    expect(acceptLegacyVersion('2026-07-28')).toBeUndefined();
    expect(acceptLegacyVersion('2023-01-01')).toBeUndefined();
    expect(acceptLegacyVersion('2024-11-05', ['2025-11-25'])).toBeUndefined();
  });
});
