import type { Client, Tool } from 'rxmcp';
declare const client: Client;
declare const tool: Tool;
// #region example
import { renderApp } from 'rxmcp/apps';

const view = renderApp({
  client,
  tool,
  container: document.getElementById('app')!,
  sandbox: 'https://sandbox.example.com/proxy.html',
  call: { input: { city: 'Paris' }, result$: client.callTool(tool.name, { city: 'Paris' }) },
  approve: ({ tool }) => confirm(`Let the app call ${tool.name}?`),
}).subscribe((event) => console.log(event.type));
// later: view.unsubscribe() removes the app
// #endregion
