import { catchError, EMPTY, ignoreElements, Observable, tap } from 'rxjs';
import type { CallToolResult, Client, Params, Tool } from 'rxmcp';
import { renderApp, type AppEvent } from 'rxmcp/apps';
import type { CallRecord, Calls } from '../model/calls.js';
import { logEntry, type LogEntry } from '../model/logs.js';
import type { Approvals } from './approval.js';

/** What the view of one tool call needs from the page. */
export interface AppViewDeps {
  readonly client: Client;
  /** The call that instantiated the view: its arguments and its outcome reach the app. */
  readonly call: CallRecord;
  readonly resourceUri: string;
  /** The sandbox proxy's origin (never the page's: SEP-1865 asks for another origin). */
  readonly sandboxOrigin: string;
  /** The current tool list of the same server. */
  readonly tools: () => readonly Tool[];
  readonly approvals: Approvals;
  readonly calls: Calls;
  readonly onLog: (entry: LogEntry) => void;
  /** Something the app did that the user should see (a message, a context update, a failure). */
  readonly onEvent: (text: string) => void;
  /** The app asked to be closed (`ui/notifications/request-teardown`). */
  readonly onCloseRequest: () => void;
}

/** An app's tool call as one of the page's calls (shown under the app's call, cancelled when the app cancels it). */
function pageCall(deps: AppViewDeps, name: string, args: Params): Observable<CallToolResult> {
  return new Observable<CallToolResult>((subscriber) => {
    const tool = deps.tools().find((candidate) => candidate.name === name) ?? ({ name, inputSchema: { type: 'object' } } as Tool);
    const record = deps.calls.start(deps.client, tool, args, { kind: 'app', parentCall: deps.call.id });
    let settled = false;
    const subscription = record.outcome$.pipe(tap({ complete: () => (settled = true), error: () => (settled = true) })).subscribe(subscriber);
    return () => {
      subscription.unsubscribe();
      if (!settled) deps.calls.cancel(record.id, 'The app cancelled the call');
    };
  });
}

function shown(deps: AppViewDeps, event: AppEvent): void {
  const said = (what: string, params: Params): void => deps.onEvent(`${what}: ${JSON.stringify(params).slice(0, 300)}`);
  if (event.type === 'log') deps.onLog(logEntry(event.params as never, deps.call.id, 'app'));
  else if (event.type === 'message') said('The app sent a message', event.params);
  else if (event.type === 'model-context') said('The app updated its model context', event.params);
  else if (event.type === 'teardown-requested') deps.onCloseRequest();
  else if (event.type === 'tool-call' && event.decision === 'refused') deps.onEvent(`The app may not call ${event.name}`);
}

/**
 * The MCP App (SEP-1865) of one tool call, shown by `renderApp` of `rxmcp/apps` in the slot: the page's approvals
 * gate the app's tool calls, which become calls of the page under the app's call.
 *
 * **Temperature:** cold. **Emits:** nothing. **Completes:** never by itself. **Errors:** never (a failure is told
 * through `onEvent`). **Teardown:** `ui/resource-teardown`, then the frame is removed.
 */
export function appView(slot: HTMLElement, deps: AppViewDeps): Observable<never> {
  return renderApp({
    client: deps.client,
    tool: deps.call.tool,
    container: slot,
    sandbox: new URL('/sandbox.html', deps.sandboxOrigin),
    hostInfo: { name: 'rxmcp-dashboard', version: '0.1.0' },
    call: { input: deps.call.args, result$: deps.call.outcome$ },
    approve: ({ tool, arguments: args, signal }) => deps.approvals.approveToolCall({ parentCall: deps.call.id, tool, args }, signal),
    callTool: (name, args) => pageCall(deps, name, args),
    openLink: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
      return true;
    },
    onFrame: (frame) => {
      frame.className = frame.dataset['prefersBorder'] === 'false' ? 'app-frame borderless' : 'app-frame';
      frame.style.height = '160px';
    },
  }).pipe(
    tap((event) => shown(deps, event)),
    ignoreElements(),
    catchError((error: unknown) => {
      deps.onEvent(`The app could not be shown: ${error instanceof Error ? error.message : String(error)}`);
      return EMPTY;
    }),
  );
}
