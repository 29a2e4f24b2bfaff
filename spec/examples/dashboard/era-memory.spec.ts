import { EraMemory, protocolFor, type EraStorage } from '../../../examples/dashboard/src/model/era-memory.js';

const mapStorage = (): EraStorage => {
  const map = new Map<string, string>();
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
};

describe('dashboard era memory', () => {
  it('remembers the era per server URL, and forgets it', () => {
    const eras = new EraMemory(mapStorage());
    eras.remember('http://a/mcp', 'legacy');
    eras.remember('http://b/mcp', 'modern');
    expect(eras.eraOf('http://a/mcp')).toBe('legacy');
    expect(eras.eraOf('http://b/mcp')).toBe('modern');
    expect(eras.eraOf('http://c/mcp')).toBeUndefined();
    eras.forget('http://a/mcp');
    expect(eras.eraOf('http://a/mcp')).toBeUndefined();
  });

  it('skips the probe only for revision auto and a server remembered as 2025-era', () => {
    expect(protocolFor('auto', 'legacy')).toBe('legacy');
    expect(protocolFor('auto', 'modern')).toBe('auto');
    expect(protocolFor('auto', undefined)).toBe('auto');
    expect(protocolFor('modern', 'legacy')).toBe('modern');
  });

  it('probes every time when the storage refuses (private mode, quota) or there is none', () => {
    const refusing: EraStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    expect(() => new EraMemory(refusing).remember('http://a/mcp', 'legacy')).not.toThrow();
    expect(new EraMemory(refusing).eraOf('http://a/mcp')).toBeUndefined();
    expect(new EraMemory(undefined).eraOf('http://a/mcp')).toBeUndefined();
  });
});
