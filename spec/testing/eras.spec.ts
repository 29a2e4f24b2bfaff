import { PARITY_REVISIONS, eachEra, eraCase } from '../../src/testing/index.js';

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
