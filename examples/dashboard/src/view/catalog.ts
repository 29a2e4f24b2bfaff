import { html, nothing, type TemplateResult } from 'lit-html';
import type { GetPromptResult, Prompt, ReadResourceResult } from 'rxmcp';
import type { Dashboard, Watch } from '../dashboard.js';
import { promptForm, templateForm } from './catalog-forms.js';
import { resourceContents } from './content.js';
import { clock } from './format.js';

interface Shown {
  readonly title: string;
  result?: ReadResourceResult | GetPromptResult;
  error?: string;
}

/** What a catalog's heading counts and what its list says when there is nothing to show. */
interface CatalogStatus {
  readonly count: string;
  readonly empty?: string;
}

/**
 * A catalog's count, or why there is none, in words that are true: a server without the capability offers none
 * (whatever error asking would give), a loaded empty list has none, a failed listing says why, else it is loading.
 */
export function catalogStatus(d: Pick<Dashboard, 'client'>, state: { items?: readonly unknown[]; error?: Error } | undefined, capability: 'tools' | 'resources' | 'prompts'): CatalogStatus {
  const server = d.client?.server;
  if (server !== undefined && server.capabilities[capability] === undefined) return { count: 'not offered', empty: `The server offers no ${capability}.` };
  if (state?.items !== undefined) return { count: String(state.items.length), ...(state.items.length === 0 ? { empty: `No ${capability}.` } : {}) };
  if (state?.error !== undefined) return { count: 'not listed', empty: `Listing the ${capability} failed: ${state.error.message}` };
  return { count: '…' };
}

export const emptyView = (status: CatalogStatus): TemplateResult | typeof nothing => (status.empty === undefined ? nothing : html`<p class="empty muted">${status.empty}</p>`);

/** The resources and prompts panel: the live catalogs, reads, prompt results, and resource watches. */
export class CatalogPanel {
  private shown: Shown | undefined;

  constructor(private readonly d: Dashboard) {}

  /** Reads a resource and shows it here. */
  read(uri: string): void {
    const client = this.d.client;
    if (client === undefined) return;
    const shown: Shown = { title: uri };
    this.shown = shown;
    this.d.changed.next('catalog');
    client.readResource(uri).subscribe({
      next: (result) => (shown.result = result),
      error: (error: unknown) => ((shown.error = String(error)), this.d.changed.next('catalog')),
      complete: () => this.d.changed.next('catalog'),
    });
  }

  private getPrompt(prompt: Prompt, args: Record<string, string>): void {
    const client = this.d.client;
    if (client === undefined) return;
    const shown: Shown = { title: `prompt ${prompt.name}` };
    this.shown = shown;
    client.getPrompt(prompt.name, args).subscribe({
      next: (result) => (shown.result = result),
      error: (error: unknown) => ((shown.error = String(error)), this.d.changed.next('catalog')),
      complete: () => this.d.changed.next('catalog'),
    });
  }

  private watchView(watch: Watch): TemplateResult {
    return html`<div class="watch" data-uri=${watch.uri}>
      <div class="watch-head"><span class="badge live">live</span> <code>${watch.uri}</code>
        <small class="watch-updates">${watch.updates} update${watch.updates === 1 ? '' : 's'}${watch.updatedAt ? `, last ${clock(watch.updatedAt)}` : ''}</small>
        <button @click=${() => this.d.unwatch(watch.uri)}>Stop</button></div>
      ${watch.error ? html`<p class="error-text">${watch.error}</p>` : nothing}
      ${watch.contents?.contents.map(resourceContents) ?? html`<p class="muted">reading…</p>`}
    </div>`;
  }

  private shownView(): TemplateResult {
    const shown = this.shown;
    if (shown === undefined) return html``;
    const result = shown.result;
    const body = result === undefined ? html`<p class="muted">…</p>`
      : 'contents' in result ? html`${result.contents.map(resourceContents)}`
      : html`<ol>${result.messages.map((m) => html`<li><small>${m.role}</small> <pre>${m.content.type === 'text' ? m.content.text : `[${m.content.type}]`}</pre></li>`)}</ol>`;
    return html`<div class="shown"><h3>${shown.title}</h3>${shown.error ? html`<p class="error-text">${shown.error}</p>` : body}</div>`;
  }

  render(): TemplateResult {
    const { resources, templates, prompts, completions } = this.d;
    const resourceStatus = catalogStatus(this.d, resources, 'resources');
    const promptStatus = catalogStatus(this.d, prompts, 'prompts');
    return html`<h2>Resources <small>${resourceStatus.count}</small></h2>
      ${emptyView(resourceStatus)}
      <ul class="resource-list">${(resources?.items ?? []).map((r) => html`<li data-uri=${r.uri}>
        <strong>${r.title ?? r.name}</strong> <code>${r.uri}</code>
        <button class="read" @click=${() => this.read(r.uri)}>Read</button> <button class="watch-button" @click=${() => this.d.watch(r.uri)}>Watch</button></li>`)}</ul>
      ${(templates?.items ?? []).map((t) => templateForm(t, completions, (uri) => this.read(uri)))}
      ${this.d.watches.map((watch) => this.watchView(watch))}
      ${this.shownView()}
      <h2>Prompts <small>${promptStatus.count}</small></h2>
      ${emptyView(promptStatus)}
      <ul class="prompt-list">${(prompts?.items ?? []).map((p) => html`<li>${promptForm(p, completions, (args) => this.getPrompt(p, args))}</li>`)}</ul>`;
  }
}
