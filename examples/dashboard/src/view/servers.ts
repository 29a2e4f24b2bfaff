import { html, nothing, type TemplateResult } from 'lit-html';
import { remoteKindOfUrl } from 'rxmcp/session';
import type { Dashboard, Preset } from '../dashboard.js';
import type { CatalogCell } from '../model/side-by-side.js';
import { EXPORT_FORMATS, exportServer, type ExportFormat, type ServerEntryToExport } from '../model/export.js';
import { download } from './format.js';

/** Where a preset came from, for people. */
const SOURCES: Readonly<Record<string, string>> = {
  'claude-desktop': 'Claude Desktop', 'claude-code': 'Claude Code', cursor: 'Cursor', windsurf: 'Windsurf', vscode: 'VS Code',
  codex: 'Codex', gemini: 'Gemini CLI', 'command-line': 'command line',
};

/** A preset as a server entry: its configuration entry when `config.json` gives one, else its URL. */
export function entryOf(preset: Preset): ServerEntryToExport {
  const entry = preset.entry ?? {};
  const kind = preset.kind ?? 'http';
  return kind === 'stdio'
    ? { name: preset.name, kind, command: entry.command ?? '', args: entry.args ?? [], ...(entry.env ? { env: entry.env } : {}), ...(entry.cwd ? { cwd: entry.cwd } : {}) }
    : { name: preset.name, kind, url: entry.url ?? preset.url, ...(entry.headers ? { headers: entry.headers } : {}) };
}

/** The server catalog: the page's presets (`config.json`), each with Connect and an export in each client's format. */
export class ServersPanel {
  private readonly exporting = new Map<string, ExportFormat>();

  constructor(private readonly d: Dashboard) {}

  private connect(preset: Preset): void {
    this.d.connect({ ...this.d.settings, url: preset.url, transport: preset.kind === 'stdio' ? remoteKindOfUrl(preset.url) : this.d.settings.transport });
  }

  private exportView(preset: Preset): TemplateResult | typeof nothing {
    const format = this.exporting.get(preset.name);
    if (format === undefined) return nothing;
    const text = exportServer(entryOf(preset), format);
    const file = EXPORT_FORMATS.find((f) => f.id === format)?.file ?? 'mcp.json';
    return html`<div class="export" data-format=${format}><pre class="payload export-text">${text}</pre>
      <button class="export-download" @click=${() => download(text, file.split('/').pop() ?? file, format === 'codex' ? 'application/toml' : 'application/json')}>Download ${file}</button></div>`;
  }

  private row(preset: Preset): TemplateResult {
    const entry = entryOf(preset);
    const choose = (event: Event) => {
      const value = (event.target as HTMLSelectElement).value as ExportFormat | '';
      if (value === '') this.exporting.delete(preset.name);
      else this.exporting.set(preset.name, value);
      this.d.changed.next('servers');
    };
    const current = this.d.settings.url === preset.url;
    return html`<li class="server ${current ? 'current' : ''}" data-server=${preset.name}>
      <strong>${preset.name}</strong> <span class="badge">${entry.kind}</span>
      ${preset.source ? html`<small class="server-source">from ${SOURCES[preset.source] ?? preset.source}</small>` : nothing}
      <code class="server-target">${entry.kind === 'stdio' ? [entry.command, ...(entry.args ?? [])].join(' ') : entry.url}</code>
      <button class="connect-server" ?disabled=${current && this.d.state?.status === 'ready'} @click=${() => this.connect(preset)}>${current ? 'Connected' : 'Connect'}</button>
      <select class="export-format" aria-label="Export as" @change=${choose}>
        <option value="">Export as…</option>${EXPORT_FORMATS.map((f) => html`<option value=${f.id} ?selected=${this.exporting.get(preset.name) === f.id}>${f.label}</option>`)}
      </select>
      ${this.exportView(preset)}</li>`;
  }

  private sideBySide(): TemplateResult {
    const side = this.d.sideBySide;
    if (!side.open) return html``;
    const view = (c: CatalogCell) => ('names' in c ? html`<span class="count">${c.names.length}</span> <small>${c.names.join(', ')}</small>`
      : 'error' in c ? html`<span class="error-text">${c.error}</span>` : html`<span class="muted">…</span>`);
    return html`<table class="side-by-side"><thead><tr><th>server</th><th>tools</th><th>resources</th><th>prompts</th></tr></thead>
      <tbody>${side.columns.map((column) => html`<tr data-server=${column.name}><th>${column.name}</th>
        <td class="tools">${view(column.tools)}</td><td class="resources">${view(column.resources)}</td><td class="prompts">${view(column.prompts)}</td></tr>`)}</tbody></table>`;
  }

  render(): TemplateResult {
    const presets = this.d.presets;
    const side = this.d.sideBySide;
    const toggle = () => (side.open ? side.stop() : side.start(presets, this.d.eras));
    return html`<h2>Servers <small>${presets.length}</small>
        ${presets.length > 1 ? html`<button class="side-by-side-toggle" @click=${toggle}>${side.open ? 'Close side by side' : 'Side by side'}</button>` : nothing}</h2>
      ${presets.length === 0 ? html`<p class="empty muted">No configured servers: type a URL above.</p>` : nothing}
      <ul class="server-list">${presets.map((preset) => this.row(preset))}</ul>
      ${this.sideBySide()}`;
  }
}
