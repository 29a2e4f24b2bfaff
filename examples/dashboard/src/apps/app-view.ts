import type { McpUiInitializeResult } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  EMPTY, Observable, Subscription, catchError, concat, concatMap, filter, lastValueFrom, map, mergeMap, shareReplay, switchMap, take,
} from 'rxjs';
import type { CallToolResult, Client, Params, ResultPayload, Tool } from 'rxmcp';
import type { JsonRpcNotification } from 'rxmcp/protocol';
import { createSession, type Session } from 'rxmcp/session';
import type { CallRecord, Calls } from '../model/calls.js';
import { logEntry, type LogEntry } from '../model/logs.js';
import type { Approvals } from './approval.js';
import { postMessageTransport } from './post-message.js';
import { allowAttribute, appResource, visibility, type AppResource } from './ui-meta.js';

/** The MCP Apps revision this host speaks. */
const APPS_PROTOCOL = '2026-01-26';
const MAX_HEIGHT = 640;

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

const rpcError = (code: number, message: string): Error => Object.assign(new Error(message), { code });

function createFrame(deps: AppViewDeps, resource: AppResource): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  const url = new URL('/sandbox.html', deps.sandboxOrigin);
  if (resource.meta.csp !== undefined) url.searchParams.set('csp', JSON.stringify(resource.meta.csp));
  frame.src = url.href;
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const allow = allowAttribute(resource.meta.permissions);
  if (allow !== '') frame.allow = allow;
  frame.referrerPolicy = 'origin';
  frame.title = `MCP App ${deps.resourceUri}`;
  frame.className = resource.meta.prefersBorder === false ? 'app-frame borderless' : 'app-frame';
  frame.style.height = '160px';
  return frame;
}

function initializeResult(deps: AppViewDeps, resource: AppResource, width: number): McpUiInitializeResult {
  return {
    protocolVersion: APPS_PROTOCOL,
    hostInfo: { name: 'rxmcp-dashboard', version: '0.1.0' },
    hostCapabilities: {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox: { ...(resource.meta.csp ? { csp: resource.meta.csp } : {}), ...(resource.meta.permissions ? { permissions: resource.meta.permissions } : {}) },
    },
    hostContext: {
      toolInfo: { tool: deps.call.tool as never },
      theme: 'light',
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      containerDimensions: { width, maxHeight: MAX_HEIGHT },
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: 'web',
      userAgent: 'rxmcp-dashboard/0.1.0',
      deviceCapabilities: { hover: true, touch: false },
    },
  };
}

/** An app's `tools/call`: only tools of the same server that apps may see, and only after the user allowed it. */
async function proxyToolCall(deps: AppViewDeps, params: Params, signal: AbortSignal): Promise<CallToolResult> {
  const name = String(params['name']);
  const tool = deps.tools().find((candidate) => candidate.name === name);
  if (tool === undefined) throw rpcError(-32602, `Unknown tool: ${name}`);
  if (!visibility(tool).includes('app')) throw rpcError(-32602, `The tool ${name} is not visible to apps`);
  const args = (params['arguments'] ?? {}) as Params;
  const allowed = await deps.approvals.approveToolCall({ parentCall: deps.call.id, tool, args }, signal);
  if (!allowed) throw rpcError(-32000, `The user denied the call of ${name}`);
  const record = deps.calls.start(deps.client, tool, args, { kind: 'app', parentCall: deps.call.id });
  signal.addEventListener('abort', () => deps.calls.cancel(record.id, 'The app cancelled the call'), { once: true });
  return lastValueFrom(record.outcome$);
}

function openLink(url: unknown): ResultPayload {
  const target = typeof url === 'string' ? new URL(url, location.href) : undefined;
  if (target === undefined || (target.protocol !== 'https:' && target.protocol !== 'http:')) throw rpcError(-32602, 'Only http and https links open');
  window.open(target.href, '_blank', 'noopener,noreferrer');
  return {};
}

function handlers(deps: AppViewDeps, resource: AppResource, frame: HTMLIFrameElement): Record<string, (params: Params, context: { signal: AbortSignal }) => ResultPayload | Promise<ResultPayload> | Observable<ResultPayload>> {
  const said = (what: string, params: Params): ResultPayload => {
    deps.onEvent(`${what}: ${JSON.stringify(params).slice(0, 300)}`);
    return {};
  };
  return {
    'ui/initialize': () => initializeResult(deps, resource, Math.max(200, Math.round(frame.getBoundingClientRect().width))) as ResultPayload,
    ping: () => ({}),
    'tools/call': (params, context) => proxyToolCall(deps, params, context.signal) as unknown as Promise<ResultPayload>,
    'resources/read': (params) => deps.client.readResource(String(params['uri'])) as unknown as Observable<ResultPayload>,
    'ui/open-link': (params) => openLink(params['url']),
    'ui/message': (params) => said('The app sent a message', params),
    'ui/update-model-context': (params) => said('The app updated its model context', params),
    'ui/request-display-mode': () => ({ mode: 'inline' }),
  };
}

const method = (name: string) => (source: Observable<JsonRpcNotification>) => source.pipe(filter((n) => n.method === name));

function resize(frame: HTMLIFrameElement, params: Params | undefined): void {
  const height = Number(params?.['height']);
  if (Number.isFinite(height) && height > 0) frame.style.height = `${Math.min(MAX_HEIGHT, Math.ceil(height))}px`;
}

/** The app's lifecycle on its session: resource to the sandbox, then input, result or cancellation, then its requests. */
function lifecycle(session: Session, deps: AppViewDeps, resource: AppResource, frame: HTMLIFrameElement): Subscription {
  const notes$ = session.notifications$;
  const subscription = new Subscription();
  const { csp, permissions } = resource.meta;
  subscription.add(
    notes$.pipe(method('ui/notifications/sandbox-proxy-ready'), take(1), concatMap(() =>
      session.notify('ui/notifications/sandbox-resource-ready', { html: resource.html, ...(csp ? { csp } : {}), ...(permissions ? { permissions } : {}) }),
    )).subscribe(),
  );
  subscription.add(notes$.pipe(method('ui/notifications/size-changed')).subscribe((n) => resize(frame, n.params)));
  subscription.add(notes$.pipe(method('notifications/message')).subscribe((n) => deps.onLog(logEntry(n.params as never, deps.call.id, 'app'))));
  subscription.add(notes$.pipe(method('ui/notifications/request-teardown')).subscribe(() => deps.onCloseRequest()));
  const outcome$ = deps.call.outcome$.pipe(
    mergeMap((result) => session.notify('ui/notifications/tool-result', result as unknown as Params)),
    catchError((error: unknown) => session.notify('ui/notifications/tool-cancelled', { reason: error instanceof Error ? error.message : String(error) })),
  );
  const initialized$ = notes$.pipe(method('ui/notifications/initialized'), take(1), shareReplay(1));
  subscription.add(
    initialized$.pipe(concatMap(() => concat(session.notify('ui/notifications/tool-input', { arguments: deps.call.args }), outcome$))).subscribe({
      error: (error: unknown) => deps.onEvent(`The view could not be told: ${String(error)}`),
    }),
  );
  return subscription;
}

/** Asks the view to finish (`ui/resource-teardown`, up to 1 s), then removes the frame and closes the session. */
function teardown(session: Session, frame: HTMLIFrameElement, reason: string): void {
  const finish = (): void => {
    session.close();
    frame.remove();
  };
  session.request('ui/resource-teardown', { reason }, { timeout: { firstMs: 1000 } }).subscribe({ complete: finish, error: finish });
}

function runApp(slot: HTMLElement, deps: AppViewDeps, resource: AppResource): Observable<never> {
  return new Observable<never>(() => {
    const frame = createFrame(deps, resource);
    const transport = postMessageTransport({ target: () => frame.contentWindow, origin: deps.sandboxOrigin });
    const session = createSession(transport, { handlers: handlers(deps, resource, frame), timeout: { firstMs: 10_000 } });
    const subscription = new Subscription();
    // Listening starts before the frame exists: the sandbox's first message must not be missed.
    subscription.add(session.connection$.subscribe({ error: () => undefined }));
    subscription.add(lifecycle(session, deps, resource, frame));
    slot.replaceChildren(frame);
    return () => {
      subscription.unsubscribe();
      teardown(session, frame, 'The dashboard closed the view');
    };
  });
}

/**
 * The MCP App (SEP-1865) of one tool call, in a sandboxed iframe on the sandbox origin: its `ui://` resource is
 * read, loaded by the sandbox proxy with the CSP and permissions it declares, and spoken to over `postMessage`
 * through an rxmcp session, as an MCP client would speak to a server (here the page is the server).
 *
 * **Temperature:** cold. **Emits:** nothing. **Completes:** never by itself. **Errors:** when the resource cannot
 * be read or is not an MCP App. **Teardown:** `ui/resource-teardown`, then the frame is removed.
 */
export function appView(slot: HTMLElement, deps: AppViewDeps): Observable<never> {
  return deps.client.readResource(deps.resourceUri).pipe(
    map((result) => appResource(result, deps.resourceUri)),
    switchMap((resource) => runApp(slot, deps, resource)),
    catchError((error: unknown) => {
      deps.onEvent(`The app could not be shown: ${error instanceof Error ? error.message : String(error)}`);
      return EMPTY;
    }),
  );
}
