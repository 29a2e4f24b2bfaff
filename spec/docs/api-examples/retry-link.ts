import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { createClient, retryLink } from 'rxmcp';

const client = createClient(transport, { links: [retryLink({ count: 5, initialDelayMs: 100 })] });
// #endregion
export { client };
