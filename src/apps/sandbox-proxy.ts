import { AppSandboxError } from './errors.js';
import { permissionsPolicy } from './permissions.js';
import type { AppPermissions } from './types.js';

const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';

/** Options of {@link runSandboxProxy}. */
export interface SandboxProxyOptions {
  /**
   * The host origins that may frame this proxy; default: any. The host's origin is read from the referrer
   * (`renderApp` sends it); a proxy framed from elsewhere refuses to start.
   */
  readonly hostOrigins?: readonly string[];
  /** The proxy's window (default: this one). */
  readonly window?: Window;
}

function hostOrigin(self: Window, allowed: readonly string[] | undefined): string {
  if (self.top === self) throw new AppSandboxError('The MCP App sandbox runs only inside a host page');
  const referrer = self.document.referrer;
  if (referrer === '') throw new AppSandboxError('No referrer: the host page is unknown');
  const origin = new URL(referrer).origin;
  if (allowed !== undefined && !allowed.includes(origin)) throw new AppSandboxError(`${origin} may not frame this sandbox`);
  return origin;
}

const methodOf = (data: unknown): string | undefined => {
  const method = (data as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : undefined;
};

function load(self: Window, params: { readonly html?: unknown; readonly permissions?: AppPermissions }): HTMLIFrameElement | undefined {
  if (typeof params.html !== 'string') return undefined;
  const frame = self.document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const allow = permissionsPolicy(params.permissions);
  if (allow !== '') frame.allow = allow;
  self.document.body.appendChild(frame);
  const doc = frame.contentDocument;
  if (doc === null) throw new AppSandboxError('The inner frame has no document');
  doc.open();
  doc.write(params.html);
  doc.close();
  return frame;
}

/**
 * The MCP Apps sandbox proxy (SEP-1865), run by the page on the sandbox origin: it loads the app's HTML into an
 * inner frame (which inherits the page's CSP, sent by its server from {@link sandboxCsp}, and cannot loosen it;
 * with only the permissions the host granted) and relays JSON-RPC between host and app. Only the host window (the
 * referrer's origin) and the inner frame are listened to; the app can never send the proxy's own
 * `ui/notifications/sandbox-*` messages. Returns a function that stops relaying.
 *
 * Throws `AppSandboxError` when the page is not framed, the host is unknown or not among `hostOrigins`.
 * @example
 * ```ts
 * // sandbox.ts, bundled into the proxy page's <script type="module">
 * import { runSandboxProxy } from 'rxmcp/apps';
 *
 * runSandboxProxy({ hostOrigins: ['https://host.example.com'] });
 * ```
 */
export function runSandboxProxy(options: SandboxProxyOptions = {}): () => void {
  const self = options.window ?? window;
  const host = hostOrigin(self, options.hostOrigins);
  const own = self.location.origin;
  let inner: HTMLIFrameElement | undefined;
  const onMessage = (event: MessageEvent): void => {
    if (event.source === self.parent && event.origin === host) {
      if (methodOf(event.data) !== RESOURCE_READY) inner?.contentWindow?.postMessage(event.data, own);
      else if (inner === undefined) inner = load(self, (event.data as { params?: object }).params ?? {});
    } else if (inner !== undefined && event.source === inner.contentWindow && event.origin === own) {
      if (methodOf(event.data)?.startsWith(SANDBOX_PREFIX) !== true) self.parent.postMessage(event.data, host);
    }
  };
  self.addEventListener('message', onMessage);
  self.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, host);
  return () => self.removeEventListener('message', onMessage);
}
