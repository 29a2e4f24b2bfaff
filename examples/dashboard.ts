// A dashboard's view of a server as Observables: connection state, live tool list, logs, traffic, a running tool.
// Run: npx tsx examples/dashboard.ts (prints what a UI would render, for five seconds)
import { auditTime, delay, map, merge, scan, switchMap, take, takeUntil, timer } from 'rxjs';
import { createClient } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const client = createClient(stdio({ command: process.execPath, args: ['--import', 'tsx', 'examples/server/example-server.ts'] }), {
  logLevel: 'info', // 2026-07-28: sent with every request; legacy servers get logging/setLevel via setLoggingLevel()
});
const stop$ = timer(5000);

const state$ = client.state$.pipe(
  map((state) => (state.status === 'ready' ? `state: ready — ${state.server.serverInfo?.name} over MCP ${state.server.protocolVersion}` : `state: ${state.status}`)),
);
// The live tool list: listed once, refreshed (debounced) whenever the server announces a change.
const tools$ = client.toolsState$.pipe(
  map((s) => `tools: ${s.items?.map((tool) => tool.name).join(', ') ?? '(loading)'}${s.stale ? ' (stale)' : ''}${s.error ? ` — ${s.error.message}` : ''}`),
);
const logs$ = client.notifications.logs$('info').pipe(map((entry) => `log [${entry.level}]: ${JSON.stringify(entry.data)}`));
// A busy server can send many frames: a UI samples the count instead of repainting per frame.
const traffic$ = client.session.frames$.pipe(
  scan((count) => count + 1, 0),
  auditTime(250),
  map((count) => `frames so far: ${count}`),
);
// Something to watch: a running tool with progress, then a change of the tool list.
const activity$ = client.callToolEvents('countdown', { from: 3, delayMs: 200 }).pipe(
  map((event) => (event.type === 'progress' ? `countdown: ${event.progress}/${event.total ?? '?'}` : 'countdown: done')),
);
const toggle$ = timer(1500).pipe(switchMap(() => client.callTool('toggle_tool')), map(() => 'toggled the bonus tool'));

merge(state$, tools$, logs$, traffic$, activity$.pipe(delay(200)), toggle$)
  .pipe(takeUntil(stop$))
  .subscribe({ next: (line) => console.log(line), complete: () => client.close() });

stop$.pipe(take(1)).subscribe(() => console.log('dashboard closed'));
