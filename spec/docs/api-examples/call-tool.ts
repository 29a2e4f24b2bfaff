import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
const subscription = client.callTool('search', { query: 'rxjs' }).subscribe({
  next: (result) => console.log(result.isError ? 'the tool failed' : result.content),
  error: (error) => console.error(`no result: ${error.message}`),
});
subscription.unsubscribe(); // before the answer: cancels the call on the wire
// #endregion
