import { html, nothing, type TemplateResult } from 'lit-html';
import type { Dashboard } from '../dashboard.js';
import type { FrameEntry } from '../model/frames.js';
import { bytes, clock, download } from './format.js';
import { VirtualList } from './virtual-list.js';

/** The protocol view: every frame of `session.frames$` in a ring of 500, virtualised, large payloads previewed. */
export class FramesPanel {
  private selected: number | undefined;
  readonly list: VirtualList;

  constructor(private readonly d: Dashboard) {
    this.list = new VirtualList(22, 240, () => d.changed.next('frames'));
  }

  private row(entry: FrameEntry): TemplateResult {
    const select = () => {
      this.selected = entry.seq;
      this.d.changed.next('frames');
    };
    return html`<button class="frame ${entry.direction} ${entry.seq === this.selected ? 'selected' : ''}" @click=${select}>
      <time>${clock(entry.time)}</time><span class="dir">${entry.direction === 'in' ? '←' : '→'}</span>
      <span class="summary">${entry.summary}</span><span class="size ${entry.large ? 'large' : ''}">${bytes(entry.bytes)}</span>
    </button>`;
  }

  private detail(entry: FrameEntry | undefined): TemplateResult {
    if (entry === undefined) return html`<p class="muted">Choose a frame.</p>`;
    const blob = entry.blob;
    return html`<div class="frame-detail">
      <pre class="payload ${entry.large ? 'preview' : ''}">${entry.preview}</pre>
      ${entry.large
        ? html`<p class="preview-note">Preview of a ${bytes(entry.bytes)} frame.
            ${blob ? html`<button class="download" @click=${() => download(blob, `frame-${entry.seq}.json`)}>Download</button>` : html`<span class="muted">The whole payload is no longer kept.</span>`}</p>`
        : nothing}
    </div>`;
  }

  render(): TemplateResult {
    const entries = this.d.frames.entries;
    return html`<h2>Protocol <small class="frame-count">${entries.length} kept · ${this.d.frames.received} seen</small>
        <button @click=${() => this.d.frames.clear()}>Clear</button></h2>
      ${this.list.render(entries, (entry) => entry.seq, (entry) => this.row(entry))}
      ${this.detail(entries.find((entry) => entry.seq === this.selected))}`;
  }
}
