// The protocol era of each server the page connected to, kept in the browser's storage. The digest's dual-era rules
// make the era a property of the server, cached per origin and kept across restarts, probed again when the
// assumption fails. Over HTTP the probe (`server/discover`) costs a 400 on every 2025-era server, which the browser
// reports as a failed resource load: a server known to be 2025-era is spoken to with `initialize` at once.

/** What the page remembers of a server: the era it negotiated last. */
export type RememberedEra = 'modern' | 'legacy';

const KEY = 'rxmcp-dashboard:era:';

/** The storage the page uses (`localStorage` when the browser gives one). */
export interface EraStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Remembers each server's era by its URL. */
export class EraMemory {
  constructor(private readonly storage: EraStorage | undefined) {}

  /** The era `url` negotiated last, if known. */
  eraOf(url: string): RememberedEra | undefined {
    const value = this.safely(() => this.storage?.getItem(KEY + url));
    return value === 'modern' || value === 'legacy' ? value : undefined;
  }

  remember(url: string, era: RememberedEra): void {
    this.safely(() => this.storage?.setItem(KEY + url, era));
  }

  forget(url: string): void {
    this.safely(() => this.storage?.removeItem(KEY + url));
  }

  /** Storage may refuse (private mode, quota): the page then probes every time. */
  private safely<T>(use: () => T): T | undefined {
    try {
      return use();
    } catch {
      return undefined;
    }
  }
}

/**
 * The protocol setting to connect with: `auto` becomes `legacy` for a server remembered as 2025-era (no probe),
 * anything the user chose stays.
 */
export function protocolFor(chosen: 'auto' | 'modern' | 'legacy', remembered: RememberedEra | undefined): 'auto' | 'modern' | 'legacy' {
  return chosen === 'auto' && remembered === 'legacy' ? 'legacy' : chosen;
}
