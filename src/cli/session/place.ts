import type { CliIo } from '../io.js';
import { homeOf, type Place } from '../target.js';

/** Where a run happens, from its `io`. */
export function placeOf(io: CliIo): Place {
  const env = io.env ?? {};
  return { env, cwd: io.cwd ?? process.cwd(), home: io.home ?? homeOf(env), platform: io.platform ?? process.platform };
}
