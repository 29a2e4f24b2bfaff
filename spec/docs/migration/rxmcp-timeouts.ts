import type { Client } from 'rxmcp';
declare const client: Client;
// #region guide
const call = client
  .callToolEvents('build', {}, { timeout: { firstMs: 60_000, idleMs: 60_000, totalMs: 600_000 } })
  .subscribe((event) => {
    if (event.type === 'progress') console.log(event.progress, event.total);
    if (event.type === 'result') console.log(event.result.content);
  });
call.unsubscribe(); // cancels on the wire, like aborting the SDK's signal
// #endregion
