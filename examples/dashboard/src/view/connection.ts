import { html, nothing, type TemplateResult } from 'lit-html';
import { type ClientState, type ServerCapabilities } from 'rxmcp';
import { LATEST_PROTOCOL_VERSION } from 'rxmcp/protocol';
import { URL_TRANSPORTS } from 'rxmcp/session';
import { browserBlock } from '../connection/browser-failure.js';
import type { ConnectionSettings } from '../connection/settings.js';
import type { Dashboard } from '../dashboard.js';
import { clock, duration } from './format.js';

const errorText = (error: { name?: string; message: string } | undefined): string => (error === undefined ? '' : `${error.name ?? 'Error'}: ${error.message}`);

function capabilityList(capabilities: ServerCapabilities): string {
  return Object.entries(capabilities)
    .map(([name, value]) => {
      const flags = value !== null && typeof value === 'object' ? Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] === true) : [];
      return flags.length > 0 ? `${name} (${flags.join(', ')})` : name;
    })
    .join(', ');
}

function health(d: Dashboard): TemplateResult {
  const h = d.health;
  if (h === undefined) return html``;
  return h.ok
    ? html`<span class="health ok" title="last health check">health ok · ${clock(h.at)}</span>`
    : html`<span class="health down">unreachable since ${clock(h.since)}: ${h.error}</span>`;
}

/** A server the browser never reached: the message naming CORS, and the local relay when there is one. */
function blocked(d: Dashboard): TemplateResult | typeof nothing {
  const block = browserBlock(d.client);
  if (block === undefined) return nothing;
  const relay = block.relayUrl;
  return html`<span class="error-text browser-blocked">${block.message}</span>
    ${relay === undefined ? nothing : html`<button type="button" class="relay-button" @click=${() => d.connect({ ...d.settings, url: relay })}>Connect through the local relay</button>`}`;
}

/** What `state$` says, as the status block shows it. */
function status(state: ClientState | undefined): TemplateResult {
  switch (state?.status) {
    case undefined:
    case 'idle':
      return html`<span class="status idle">idle</span>`;
    case 'connecting':
      return html`<span class="status connecting">connecting…</span>`;
    case 'authorizing':
      return html`<span class="status authorizing">authorizing: waiting for the sign-in</span>`;
    case 'ready': {
      const { server } = state;
      return html`<span class="status ready">ready</span>
        <span class="server-info"><strong>${server.serverInfo?.name ?? 'unnamed server'}</strong> ${server.serverInfo?.version ?? ''}</span>
        <span class="revision">MCP ${server.protocolVersion} (${server.era})</span>
        <span class="capabilities" title="server capabilities">${capabilityList(server.capabilities)}</span>
        ${server.instructions ? html`<details class="instructions"><summary>instructions</summary><p>${server.instructions}</p></details>` : nothing}`;
    }
    case 'reconnecting':
      return html`<span class="status reconnecting">reconnecting: attempt ${state.attempt}${state.delayMs === undefined ? '' : ` in ${duration(state.delayMs)}`}</span>
        ${state.error ? html`<span class="error-text">${errorText(state.error)}</span>` : nothing}`;
    case 'disconnected':
      return html`<span class="status disconnected">disconnected</span> ${state.error ? html`<span class="error-text">${errorText(state.error)}</span>` : nothing}`;
    case 'failed':
      return html`<span class="status failed">failed</span> <span class="error-text">${errorText(state.error)}</span>`;
    case 'closed':
      return html`<span class="status closed">closed</span>`;
  }
}

function readSettings(form: HTMLFormElement): ConnectionSettings {
  const data = new FormData(form);
  return {
    url: String(data.get('url') ?? '').trim(),
    transport: String(data.get('transport')) as ConnectionSettings['transport'],
    protocol: String(data.get('protocol')) as ConnectionSettings['protocol'],
    oauth: data.get('oauth') === 'on',
    trust: data.get('trust') === 'on',
    headers: String(data.get('headers') ?? ''),
  };
}

const option = (value: string, current: string, label = value) => html`<option value=${value} ?selected=${value === current}>${label}</option>`;

/** The connection panel: where to connect and how, and what `client.state$` says now. */
export function connectionView(d: Dashboard): TemplateResult {
  const s = d.settings;
  const pending = d.signIn.pending$.value;
  const submit = (event: Event) => {
    event.preventDefault();
    d.connect(readSettings(event.currentTarget as HTMLFormElement));
  };
  return html`<form class="connect" @submit=${submit}>
      <h1>rxmcp dashboard</h1>
      <input name="url" type="url" required placeholder="http://127.0.0.1:8302/mcp" list="presets" .value=${s.url} size="40" aria-label="Server URL" />
      <datalist id="presets">${d.presets.map((preset) => html`<option value=${preset.url}>${preset.name}</option>`)}</datalist>
      <select name="transport" aria-label="Transport">
        ${URL_TRANSPORTS.map((entry) => option(entry.kind, s.transport, entry.label))}
      </select>
      <select name="protocol" aria-label="Protocol">
        ${option('auto', s.protocol, 'revision: auto')}${option('modern', s.protocol, LATEST_PROTOCOL_VERSION)}${option('legacy', s.protocol, '2025 and older')}
      </select>
      <label><input type="checkbox" name="oauth" .checked=${s.oauth} /> OAuth</label>
      <label title="Use the server's tool annotations (read-only hints) as facts"><input type="checkbox" name="trust" .checked=${s.trust} /> trust annotations</label>
      <details class="headers"><summary>headers</summary><textarea name="headers" rows="3" placeholder="Name: value" .value=${s.headers}></textarea></details>
      <button type="submit" class="connect-button">Connect</button>
      <button type="button" class="reconnect-button" ?disabled=${d.client === undefined} @click=${() => d.reconnect()}>Reconnect</button>
    </form>
    <div class="state" data-status=${d.state?.status ?? 'none'}>
      ${status(d.state)} ${blocked(d)} ${health(d)}
      ${pending ? html`<button class="sign-in" @click=${() => pending.open()}>Sign in with ${pending.issuer}</button>` : nothing}
    </div>`;
}
