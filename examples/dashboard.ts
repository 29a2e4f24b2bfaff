// A dashboard's view of a server as Observables: connection state, negotiated server, tools, logs, frames.
// Run: npx tsx examples/dashboard.ts (prints what a UI would render, for five seconds)
import { auditTime, filter, map, merge, take, takeUntil, timer } from 'rxjs';
import { createClient } from '../src/index.js';
import { stdio } from '../src/node/index.js';

const client = createClient(stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] }));
const stop$ = timer(5000);

const state$ = client.session.state$.pipe(map((state) => `state: ${state.status}`));
const server$ = client.server$.pipe(
  filter((server) => server !== undefined),
  map((server) => `server: ${server.serverInfo?.name} (MCP ${server.protocolVersion}, ${server.era})`),
);
const tools$ = client.listTools().pipe(map((tools) => `tools: ${tools.map((tool) => tool.name).join(', ')}`));
const logs$ = client.session.notifications$.pipe(
  filter((n) => n.method === 'notifications/message'),
  map((n) => `log: ${JSON.stringify(n.params?.['data'])}`),
);
// A busy server can send many frames: a UI samples the count instead of repainting per frame.
let frames = 0;
const traffic$ = client.session.frames$.pipe(
  map(() => ++frames),
  auditTime(250),
  map((count) => `frames so far: ${count}`),
);
const progress$ = client.callToolEvents('countdown', { from: 3, delayMs: 200 }).pipe(
  map((event) => (event.type === 'progress' ? `countdown: ${event.progress}/${event.total ?? '?'}` : 'countdown: done')),
);

merge(state$, server$, tools$, logs$, traffic$, progress$)
  .pipe(takeUntil(stop$))
  .subscribe({ next: (line) => console.log(line), complete: () => client.close() });

stop$.pipe(take(1)).subscribe(() => console.log('dashboard closed'));
