import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { createClient, unlessReadOnly } from 'rxmcp';

const client = createClient(transport, {
  trustToolAnnotations: true,
  approveToolCall: unlessReadOnly((call) => confirm(`Run ${call.name}?`)), // read-only tools run at once
});
// #endregion
export { client };
