// The MCP Apps sandbox proxy (SEP-1865): served on its own origin, framed by the dashboard. It loads the app's HTML
// into an inner frame under the Content-Security-Policy its server sent for this page (built from the app's
// declared `csp`; the inner document inherits it and cannot loosen it), and relays JSON-RPC between the dashboard
// and the app. Only the dashboard (the referrer's origin, from the parent window) and the inner frame (this origin,
// from that window) are listened to; the app can never send the proxy's own `ui/notifications/sandbox-*` messages.

const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';

interface ResourceReady {
  readonly html?: unknown;
  readonly permissions?: Readonly<Record<string, unknown>>;
}

function hostOrigin(): string {
  if (window.top === window) throw new Error('The MCP App sandbox only runs inside the dashboard');
  if (document.referrer === '') throw new Error('No referrer: the embedding page is unknown');
  return new URL(document.referrer).origin;
}

const HOST = hostOrigin();
const OWN = location.origin;
let inner: HTMLIFrameElement | undefined;

function allowOf(permissions: ResourceReady['permissions']): string {
  const features = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  return Object.entries(features)
    .filter(([key]) => permissions?.[key] !== undefined)
    .map(([, feature]) => feature)
    .join('; ');
}

function load(params: ResourceReady): void {
  if (inner !== undefined || typeof params.html !== 'string') return;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const allow = allowOf(params.permissions);
  if (allow !== '') frame.allow = allow;
  document.body.appendChild(frame);
  inner = frame;
  const doc = frame.contentDocument;
  if (doc === null) throw new Error('The inner frame has no document');
  doc.open();
  doc.write(params.html);
  doc.close();
}

function methodOf(data: unknown): string | undefined {
  const method = (data as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : undefined;
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source === window.parent && event.origin === HOST) {
    if (methodOf(event.data) === RESOURCE_READY) load(((event.data as { params?: ResourceReady }).params ?? {}));
    else inner?.contentWindow?.postMessage(event.data, OWN);
  } else if (inner !== undefined && event.source === inner.contentWindow && event.origin === OWN) {
    if (methodOf(event.data)?.startsWith(SANDBOX_PREFIX) !== true) window.parent.postMessage(event.data, HOST);
  }
});

window.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, HOST);
export {};
