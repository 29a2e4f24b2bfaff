import type { ToolPins } from './fingerprint.js';

/**
 * Where pinned tools are kept between runs: a file, `localStorage`, IndexedDB, a settings service. `load` gives
 * the pinned set (`undefined` when nothing is pinned yet), `save` keeps a new one; either may be asynchronous.
 * `ToolPins` is plain JSON.
 */
export interface PinStore {
  /** The pinned set, or `undefined` when there is none yet. */
  load(): ToolPins | undefined | Promise<ToolPins | undefined>;
  /** Keeps `pins` in place of what was stored. */
  save(pins: ToolPins): void | Promise<void>;
}

/**
 * A pin store in memory (the default of `toolPinning`): it starts with `initial` (e.g. a pin file read at start) or
 * with nothing, so that the first tools seen are pinned.
 */
export function memoryPinStore(initial?: ToolPins): PinStore {
  let pins = initial;
  return {
    load: () => pins,
    save: (next) => {
      pins = next;
    },
  };
}
