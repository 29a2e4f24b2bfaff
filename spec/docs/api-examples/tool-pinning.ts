import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { createClient } from 'rxmcp';
import { toolDrift$, toolPinning } from 'rxmcp/agent';

const pinning = toolPinning({ onDrift: 'refuse' });
const client = createClient(transport, { pinning });
toolDrift$(client, pinning).subscribe((drift) => drift.forEach((d) => console.warn(d)));
// #endregion
