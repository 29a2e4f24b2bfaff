/**
 * `rxmcp/apps`: the host side of MCP Apps (SEP-1865) for any web page, framework-free. {@link renderApp} shows a
 * tool's `ui://` resource in a sandboxed iframe on another origin and speaks the app↔host protocol over an rxmcp
 * session on `postMessage`; {@link runSandboxProxy} is the page on that other origin, {@link sandboxCsp} the
 * policy its server sends.
 *
 * @packageDocumentation
 * @module rxmcp/apps
 */
// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
export { renderApp } from './host.js';
export type { AppClient, AppHostInfo, RenderAppOptions } from './host.js';
export { runSandboxProxy } from './sandbox-proxy.js';
export type { SandboxProxyOptions } from './sandbox-proxy.js';
export { postMessageTransport } from './post-message.js';
export type { PostMessageOptions } from './post-message.js';
export { APP_MIME_TYPE, appResource, appResourceUri, modelTools, toolVisibility } from './meta.js';
export { appCsp, checkAppCsp, hostPageCsp, sandboxCsp, CSP_QUERY_PARAMETER, RESTRICTIVE_APP_CSP } from './csp.js';
export { grantedPermissions, permissionsPolicy } from './permissions.js';
export { APP_CALL_DENIED, APPS_PROTOCOL_VERSION } from './handlers.js';
export { AppCspError, AppResourceError, AppSandboxError } from './errors.js';
export type {
  AppCsp, AppDisplayMode, AppEvent, AppHostContext, AppPermission, AppPermissions, AppResource, AppResourceMeta, AppTheme,
  AppToolCall, AppToolCallRequest, ToolVisibility,
} from './types.js';
