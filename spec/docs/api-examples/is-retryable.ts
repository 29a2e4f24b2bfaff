import type { Client } from 'rxmcp';
declare const client: Client;
declare const q: string;
// #region example
import { isRetryable } from 'rxmcp';

client.callTool('search', { q }).subscribe({
  error: (error) => console.log(isRetryable(error) ? 'try again later' : `failed for good: ${error.message}`),
});
// #endregion
