import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { describeDrift, toolDrift$, toolPinning } from 'rxmcp/agent';

const pinning = toolPinning();
toolDrift$(client, pinning).subscribe((drift) => {
  for (const difference of drift) console.warn(describeDrift(difference)); // "search changed: annotations (readOnlyHint true → false)"
});
// #endregion
