import { Client } from '@modelcontextprotocol/sdk/client/index.js';
declare const client: Client;
declare const controller: AbortController;
// #region guide
await client.callTool({ name: 'build', arguments: {} }, undefined, {
  timeout: 60_000,               // per request, reset by progress when asked
  resetTimeoutOnProgress: true,
  maxTotalTimeout: 600_000,
  onprogress: (progress) => console.log(progress.progress, progress.total),
  signal: controller.signal,
});
// #endregion
