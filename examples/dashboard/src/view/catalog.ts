import { html, nothing, type TemplateResult } from 'lit-html';
import type { GetPromptResult, Prompt, ReadResourceResult, ResourceTemplate } from 'rxmcp';
import type { Dashboard, Watch } from '../dashboard.js';
import { resourceContents } from './content.js';
import { clock } from './format.js';

interface Shown {
  readonly title: string;
  result?: ReadResourceResult | GetPromptResult;
  error?: string;
}

const fill = (template: string, values: FormData): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name) ?? '')));

const variables = (template: ResourceTemplate): string[] => [...template.uriTemplate.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

/** A catalog's count, or why there is none: still loading, failed, or a capability the server does not have. */
function count(d: Dashboard, state: { items?: readonly unknown[]; error?: Error } | undefined, capability: 'resources' | 'prompts'): string {
  if (state?.items !== undefined) return String(state.items.length);
  if (state?.error !== undefined) return 'not loaded';
  const server = d.client?.server;
  return server !== undefined && server.capabilities[capability] === undefined ? 'not offered' : '…';
}

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

  private getPrompt(prompt: Prompt, values: FormData): void {
    const client = this.d.client;
    if (client === undefined) return;
    const args = Object.fromEntries((prompt.arguments ?? []).map((arg) => [arg.name, String(values.get(arg.name) ?? '')]).filter(([, v]) => v !== ''));
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
    const { resources, templates, prompts } = this.d;
    const submit = (handler: (values: FormData) => void) => (event: Event) => {
      event.preventDefault();
      handler(new FormData(event.currentTarget as HTMLFormElement));
    };
    return html`<h2>Resources <small>${count(this.d, resources, 'resources')}</small></h2>
      <ul class="resource-list">${(resources?.items ?? []).map((r) => html`<li data-uri=${r.uri}>
        <strong>${r.title ?? r.name}</strong> <code>${r.uri}</code>
        <button class="read" @click=${() => this.read(r.uri)}>Read</button> <button class="watch-button" @click=${() => this.d.watch(r.uri)}>Watch</button></li>`)}</ul>
      ${(templates?.items ?? []).map((t) => html`<form class="template" @submit=${submit((values) => this.read(fill(t.uriTemplate, values)))}>
        <code>${t.uriTemplate}</code> ${variables(t).map((name) => html`<input name=${name} placeholder=${name} size="6" />`)} <button>Read</button></form>`)}
      ${this.d.watches.map((watch) => this.watchView(watch))}
      ${this.shownView()}
      <h2>Prompts <small>${count(this.d, prompts, 'prompts')}</small></h2>
      <ul class="prompt-list">${(prompts?.items ?? []).map((p) => html`<li><form @submit=${submit((values) => this.getPrompt(p, values))}>
        <strong>${p.title ?? p.name}</strong>
        ${(p.arguments ?? []).map((arg) => html`<input name=${arg.name} placeholder=${arg.name}${arg.required ? ' *' : ''} ?required=${arg.required === true} />`)}
        <button>Get</button></form></li>`)}</ul>`;
  }
}
