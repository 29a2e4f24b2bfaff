// #region example
import { toolFingerprint } from 'rxmcp/agent';

const pin = await toolFingerprint({ name: 'search', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
console.log(pin.digest); // 64 hex digits
// #endregion
export {};
