import { html, nothing, type TemplateResult } from 'lit-html';
import type { LoggingLevel } from 'rxmcp';
import type { Dashboard } from '../dashboard.js';
import { LEVELS, logsNdjson, type LogEntry } from '../model/logs.js';
import { clock, download } from './format.js';
import { VirtualList } from './virtual-list.js';

/** The logs panel: the eight levels colour-coded, a level and a text filter, each line linked to its call. */
export class LogsPanel {
  private minLevel: LoggingLevel = 'debug';
  private text = '';
  readonly list: VirtualList;

  constructor(private readonly d: Dashboard) {
    this.list = new VirtualList(22, 240, () => d.changed.next('logs'));
  }

  private shown(): LogEntry[] {
    const min = LEVELS.indexOf(this.minLevel);
    const text = this.text.toLowerCase();
    return this.d.logs.entries.filter((entry) => LEVELS.indexOf(entry.level) >= min && (text === '' || `${entry.logger ?? ''} ${entry.text}`.toLowerCase().includes(text)));
  }

  private row(entry: LogEntry): TemplateResult {
    return html`<span class="log level-${entry.level}" data-level=${entry.level}>
      <time>${clock(entry.time)}</time><span class="level">${entry.level}</span>
      ${entry.source === 'app' ? html`<span class="badge app">app</span>` : nothing}
      ${entry.callId === undefined ? nothing : html`<a class="call-link" href=${`#call-${entry.callId}`} title="the request that produced it">#${entry.callId}</a>`}
      ${entry.logger ? html`<span class="logger">${entry.logger}</span>` : nothing}
      <span class="log-text">${entry.text}</span>
    </span>`;
  }

  render(): TemplateResult {
    const shown = this.shown();
    const set = (apply: () => void) => {
      apply();
      this.d.changed.next('logs');
    };
    return html`<h2>Logs <small class="log-count">${shown.length} shown · ${this.d.logs.received} received</small></h2>
      <div class="filters">
        <label>at least <select class="log-level" @change=${(e: Event) => set(() => (this.minLevel = (e.target as HTMLSelectElement).value as LoggingLevel))}>
          ${LEVELS.map((level) => html`<option value=${level} ?selected=${level === this.minLevel}>${level}</option>`)}
        </select></label>
        <input type="search" class="log-filter" placeholder="Filter text" .value=${this.text} @input=${(e: Event) => set(() => (this.text = (e.target as HTMLInputElement).value))} />
        <label title="The level the server sends from (logging/setLevel on 2025 revisions, every request's _meta on 2026-07-28)">server level
          <select class="server-level" @change=${(e: Event) => this.d.setServerLogLevel((e.target as HTMLSelectElement).value as LoggingLevel)}>
            ${LEVELS.map((level) => html`<option value=${level} ?selected=${level === this.d.serverLogLevel}>${level}</option>`)}
          </select></label>
        <button class="export-logs" title="The lines shown, as NDJSON" ?disabled=${shown.length === 0}
          @click=${() => download(logsNdjson(shown), 'rxmcp-logs.ndjson', 'application/x-ndjson')}>Export</button>
        <button @click=${() => this.d.logs.clear()}>Clear</button>
      </div>
      ${this.list.render(shown, (entry) => entry.seq, (entry) => this.row(entry))}`;
  }
}
