import { defer, from, isObservable, map, Observable, of, Subscription, switchMap, type ObservableInput } from 'rxjs';
import type { Client } from '../client/client-types.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import { createSession } from '../session/session.js';
import type { Params, ResultPayload, Session } from '../session/types.js';
import { checkAppCsp, CSP_QUERY_PARAMETER } from './csp.js';
import { AppResourceError, AppSandboxError } from './errors.js';
import { hostHandlers } from './handlers.js';
import { lifecycle } from './lifecycle.js';
import { appResource, appResourceUri } from './meta.js';
import { grantedPermissions, permissionsPolicy } from './permissions.js';
import { postMessageTransport } from './post-message.js';
import { toolLookup } from './tool-lookup.js';
import type { AppEvent, AppHostContext, AppPermission, AppPermissions, AppResource, AppToolCall, AppToolCallRequest } from './types.js';

/**
 * What {@link renderApp} needs of the client of the app's server: an rxmcp `Client` has all of it. Its live tool catalog
 * (`toolsState$`), when it has one, is followed while the app is shown, so the app's tool calls are checked against it
 * rather than a listing each.
 */
export type AppClient = Pick<Client, 'readResource' | 'callTool' | 'listTools'> & Partial<Pick<Client, 'toolsState$'>>;

/** The host's name and version, as the app sees it (`hostInfo`). */
export interface AppHostInfo {
  /** The host's name. */
  readonly name: string;
  /** Its version. */
  readonly version: string;
}

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  /** The client of the server whose tool it is: the app reads and calls through it, and through nothing else. */
  readonly client: AppClient;
  /** The tool whose `_meta.ui.resourceUri` names the app. */
  readonly tool: Tool;
  /** Where the iframe goes (appended; removed at teardown). */
  readonly container: HTMLElement;
  /**
   * The sandbox proxy page ({@link runSandboxProxy}) on another origin than the host page's (SEP-1865); its server
   * answers with the CSP {@link sandboxCsp} makes of the URL's `csp` query parameter.
   */
  readonly sandbox: string | URL;
  /** The call whose result the app shows: its input and outcome reach the app. */
  readonly call?: AppToolCall;
  /**
   * The host's approval of each tool call the app makes (after the visibility check): true, or a Promise or
   * Observable of it, lets the call go. Without it every call the app makes is denied.
   */
  readonly approve?: (request: AppToolCallRequest) => boolean | PromiseLike<boolean> | Observable<boolean>;
  /** The permissions the host allows; the app gets those of them it asks for. Default: none. */
  readonly permissions?: readonly AppPermission[];
  /** The host context (theme, locale, ...); each later value of an Observable is sent as a change. */
  readonly hostContext?: AppHostContext | Observable<AppHostContext>;
  /** The host's name and version, as the app sees it. Default: `rxmcp`. */
  readonly hostInfo?: AppHostInfo;
  /** Opens a link the app asks for (http and https only); without it, `ui/open-link` is refused. */
  readonly openLink?: (url: string) => boolean | PromiseLike<boolean>;
  /** How the app's tool calls are made (the host's own call records); default: `client.callTool`. */
  readonly callTool?: (name: string, args: Params) => ObservableInput<CallToolResult>;
  /** Called with the app's iframe before it is attached (to give it a class or a first height). */
  readonly onFrame?: (frame: HTMLIFrameElement) => void;
  /** The frame's highest height in pixels; default 640. */
  readonly maxHeight?: number;
  /** How long the app may take to finish at teardown (`ui/resource-teardown`), in ms; default 1000. */
  readonly teardownMs?: number;
}

const DEFAULT_HOST = { name: 'rxmcp', version: '0' } as const;

function sandboxUrl(sandbox: string | URL): URL {
  let url: URL;
  try {
    url = new URL(sandbox, globalThis.location?.href);
  } catch (cause) {
    throw new AppSandboxError(`The sandbox URL ${String(sandbox)} is not a URL`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppSandboxError(`The sandbox must be served over http(s), not ${url.protocol}`);
  if (globalThis.location !== undefined && url.origin === globalThis.location.origin) {
    throw new AppSandboxError(`The sandbox ${url.origin} is the page's own origin: an MCP App must run on another one`);
  }
  return url;
}

function createFrame(url: URL, resource: AppResource, granted: AppPermissions): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  const src = new URL(url);
  if (resource.meta.csp !== undefined) src.searchParams.set(CSP_QUERY_PARAMETER, JSON.stringify(resource.meta.csp));
  frame.src = src.href;
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const allow = permissionsPolicy(granted);
  if (allow !== '') frame.allow = allow;
  frame.referrerPolicy = 'origin';
  frame.title = `MCP App ${resource.uri}`;
  if (resource.meta.prefersBorder !== undefined) frame.dataset['prefersBorder'] = String(resource.meta.prefersBorder);
  return frame;
}

/** The fields of `next` whose JSON differs from `previous`'s (a `host-context-changed` carries only those). */
function changed(previous: AppHostContext, next: AppHostContext): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const key of Object.keys(next)) if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) diff[key] = next[key];
  return diff;
}

function defaultContext(options: RenderAppOptions): AppHostContext {
  return {
    theme: 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    containerDimensions: { maxHeight: options.maxHeight ?? 640 },
    ...(typeof navigator === 'undefined' ? {} : { locale: navigator.language }),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Keeps the host context current and sends its changes once the app is initialized. */
function hostContextOf(options: RenderAppOptions, session: () => Session, initialized: () => boolean): { current: () => AppHostContext; subscription: Subscription } {
  const toolInfo = { tool: options.tool };
  let current: AppHostContext = { ...defaultContext(options), toolInfo };
  const source$ = options.hostContext === undefined ? of({}) : isObservable(options.hostContext) ? options.hostContext : of(options.hostContext);
  const subscription = source$.subscribe((value) => {
    const next = { ...current, ...value, toolInfo };
    const diff = changed(current, next);
    current = next;
    if (initialized() && Object.keys(diff).length > 0) session().notify('ui/notifications/host-context-changed', diff).subscribe({ error: () => undefined });
  });
  return { current: () => current, subscription };
}

/** Asks the app to finish (`ui/resource-teardown`, bounded), then removes the frame and closes the session. */
function teardown(session: Session, frame: HTMLIFrameElement, teardownMs: number): void {
  const finish = (): void => {
    session.close();
    frame.remove();
  };
  session.request('ui/resource-teardown', {}, { timeout: { firstMs: teardownMs } }).subscribe({ complete: finish, error: finish });
}

function runApp(options: RenderAppOptions, url: URL, resource: AppResource): Observable<AppEvent> {
  return new Observable<AppEvent>((subscriber) => {
    const granted = grantedPermissions(resource.meta.permissions, options.permissions ?? []);
    const frame = createFrame(url, resource, granted);
    const maxHeight = options.maxHeight ?? 640;
    let initialized = false;
    const emit = (event: AppEvent): void => {
      if (event.type === 'initialized') initialized = true;
      subscriber.next(event);
    };
    // Declared before use: the handlers read the context only once the session runs.
    let session: Session | undefined;
    const context = hostContextOf(options, () => session as Session, () => initialized);
    const client = options.client;
    const tools = toolLookup(client);
    session = createSession(postMessageTransport({ target: () => frame.contentWindow, origin: url.origin }), {
      timeout: { firstMs: 10_000 },
      handlers: hostHandlers({
        findTool: tools.find,
        callTool: options.callTool ?? ((name, args) => client.callTool(name, args)),
        readResource: (uri) => client.readResource(uri) as unknown as Observable<ResultPayload>,
        approve: options.approve,
        openLink: options.openLink,
        hostInfo: options.hostInfo ?? DEFAULT_HOST,
        hostContext: context.current,
        sandbox: { ...(resource.meta.csp === undefined ? {} : { csp: resource.meta.csp }), permissions: granted },
        emit,
      }),
    });
    const subscription = new Subscription();
    subscription.add(context.subscription);
    subscription.add(tools.subscription);
    // Listening starts before the frame exists: the proxy's first message must not be missed.
    subscription.add(session.connection$.subscribe({ error: (error: unknown) => subscriber.error(error) }));
    subscription.add(lifecycle(session, {
      resource, permissions: granted, call: options.call, emit,
      resize: (height) => (frame.style.height = `${Math.min(maxHeight, Math.ceil(height))}px`),
      fail: (error) => subscriber.error(error),
    }));
    options.onFrame?.(frame);
    options.container.appendChild(frame);
    const opened = session;
    return () => {
      subscription.unsubscribe();
      teardown(opened, frame, options.teardownMs ?? 1000);
    };
  });
}

/**
 * Shows the MCP App (SEP-1865) of a tool: reads its `ui://` resource through the client, checks it (an MCP App, a
 * CSP request of source expressions only), and renders it in a sandboxed iframe on the sandbox origin with the CSP
 * it asks for and the permissions it asks for that the host allows. The host speaks to it over an rxmcp session on
 * `postMessage`: the tool's input (partial, then complete), its result or cancellation, the host context and its
 * changes; the app's tool calls go only to tools of the same server visible to apps, and each only after `approve`.
 *
 * **Temperature:** cold; each subscription reads the resource and renders one frame. **Emits:** what the app does
 * ({@link AppEvent}). **Completes:** never by itself (`teardown-requested` asks the host to unsubscribe).
 * **Errors:** `AppResourceError` (no `ui://` resource, not an MCP App), `AppCspError` (a CSP request that cannot be
 * given), `AppSandboxError` (a sandbox on the page's own origin), the read's own errors; no frame is created then.
 * **Teardown:** sends `ui/resource-teardown` (answered or not within `teardownMs`), then removes the frame and closes
 * the session.
 * @example
 * ```ts
 * import { renderApp } from 'rxmcp/apps';
 *
 * const view = renderApp({
 *   client,
 *   tool,
 *   container: document.getElementById('app')!,
 *   sandbox: 'https://sandbox.example.com/proxy.html',
 *   call: { input: { city: 'Paris' }, result$: client.callTool(tool.name, { city: 'Paris' }) },
 *   approve: ({ tool }) => confirm(`Let the app call ${tool.name}?`),
 * }).subscribe((event) => console.log(event.type));
 * // later: view.unsubscribe() removes the app
 * ```
 */
export function renderApp(options: RenderAppOptions): Observable<AppEvent> {
  return defer(() => {
    const uri = appResourceUri(options.tool);
    if (uri === undefined) throw new AppResourceError(options.tool.name, 'the tool names no ui:// resource');
    const url = sandboxUrl(options.sandbox);
    return from(options.client.readResource(uri)).pipe(
      map((result) => appResource(result, uri)),
      map((resource) => ({ ...resource, meta: { ...resource.meta, csp: checkAppCsp(uri, resource.meta.csp) } })),
      switchMap((resource) => runApp(options, url, resource)),
    );
  });
}
