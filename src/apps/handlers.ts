import { defer, from, isObservable, mergeMap, Observable, of, take, tap, type ObservableInput } from 'rxjs';
import { RpcError } from '../errors/errors.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';
import type { Params, RequestHandler, ResultPayload } from '../session/types.js';
import { toolVisibility } from './meta.js';
import type { AppEvent, AppHostContext, AppPermissions, AppCsp, AppToolCallRequest } from './types.js';

/** The MCP Apps revision this host speaks. */
export const APPS_PROTOCOL_VERSION = '2026-01-26';

/** What the handlers need of the host. */
export interface HandlerDeps {
  /** The tool an app asks to call, as the server lists it, or `undefined`. */
  readonly findTool: (name: string) => Observable<Tool | undefined>;
  readonly callTool: (name: string, args: Params) => ObservableInput<CallToolResult>;
  readonly readResource: (uri: string) => ObservableInput<ResultPayload>;
  readonly approve: ((request: AppToolCallRequest) => boolean | PromiseLike<boolean> | Observable<boolean>) | undefined;
  readonly openLink: ((url: string) => boolean | PromiseLike<boolean>) | undefined;
  readonly hostInfo: AppHostInfoLike;
  readonly hostContext: () => AppHostContext;
  readonly sandbox: { readonly csp?: AppCsp; readonly permissions: AppPermissions };
  readonly emit: (event: AppEvent) => void;
}

type AppHostInfoLike = { readonly name: string; readonly version: string };

const INVALID_PARAMS = -32602;
/** The error code an app gets when the host's approval denies its tool call. */
export const APP_CALL_DENIED = -32000;

function decided(answer: boolean | PromiseLike<boolean> | Observable<boolean>): Observable<boolean> {
  if (typeof answer === 'boolean') return of(answer);
  return (isObservable(answer) ? answer : from(answer)).pipe(take(1));
}

/**
 * An app's `tools/call`: only a tool of the same server that apps may see (SEP-1865), and only after the host's
 * approval said yes; no approval callback means every call is denied.
 */
function toolCall(deps: HandlerDeps, params: Params, signal: AbortSignal): Observable<ResultPayload> {
  const name = typeof params['name'] === 'string' ? params['name'] : '';
  const args = (params['arguments'] ?? {}) as Params;
  const settle = (decision: 'allowed' | 'denied' | 'refused'): void => deps.emit({ type: 'tool-call', name, arguments: args, decision });
  return deps.findTool(name).pipe(
    take(1),
    mergeMap((tool) => {
      if (tool === undefined || !toolVisibility(tool).includes('app')) {
        settle('refused');
        throw new RpcError(INVALID_PARAMS, tool === undefined ? `Unknown tool: ${name}` : `The tool ${name} is not visible to apps`);
      }
      const approve = deps.approve;
      return (approve === undefined ? of(false) : defer(() => decided(approve({ tool, arguments: args, signal })))).pipe(
        tap((allowed) => settle(allowed ? 'allowed' : 'denied')),
        mergeMap((allowed) => {
          if (!allowed) throw new RpcError(APP_CALL_DENIED, `The host denied the call of ${name}`);
          return from(deps.callTool(name, args)) as unknown as Observable<ResultPayload>;
        }),
      );
    }),
  );
}

function openLink(deps: HandlerDeps, params: Params): Observable<ResultPayload> {
  const url = params['url'];
  const open = deps.openLink;
  if (open === undefined || typeof url !== 'string') return of({ isError: true });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return of({ isError: true });
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return of({ isError: true });
  return defer(() => from(Promise.resolve(open(target.href)))).pipe(mergeMap((opened) => of(opened ? {} : { isError: true })));
}

/** The host's capabilities, as its options make them. */
function hostCapabilities(deps: HandlerDeps): ResultPayload {
  const { csp, permissions } = deps.sandbox;
  return {
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {} },
    ...(deps.openLink === undefined ? {} : { openLinks: {} }),
    sandbox: { ...(csp === undefined ? {} : { csp }), permissions },
  };
}

/** The requests an app may send its host, by method. */
export function hostHandlers(deps: HandlerDeps): Record<string, RequestHandler> {
  const told = (type: 'message' | 'model-context') => (params: Params): ResultPayload => {
    deps.emit({ type, params });
    return {};
  };
  return {
    'ui/initialize': () => ({
      protocolVersion: APPS_PROTOCOL_VERSION,
      hostInfo: deps.hostInfo,
      hostCapabilities: hostCapabilities(deps),
      hostContext: deps.hostContext(),
    }),
    ping: () => ({}),
    'tools/call': (params, context) => toolCall(deps, params, context.signal),
    'resources/read': (params) => deps.readResource(String(params['uri'])),
    'ui/open-link': (params) => openLink(deps, params),
    'ui/message': told('message'),
    'ui/update-model-context': told('model-context'),
    'ui/request-display-mode': () => ({ mode: deps.hostContext().displayMode ?? 'inline' }),
  };
}
