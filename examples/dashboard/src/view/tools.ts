import { html, nothing, type TemplateResult } from 'lit-html';
import { toolDisplayName, type Tool } from 'rxmcp';
import { describeDrift, type ToolDrift } from 'rxmcp/agent';
import { appResourceUri, toolVisibility as visibility } from 'rxmcp/apps';
import type { Dashboard } from '../dashboard.js';
import type { CallRecord } from '../model/calls.js';
import { runsAsTask } from '../model/tasks.js';
import { catalogStatus, emptyView } from './catalog.js';
import { toolResult, type ContentActions } from './content.js';
import { SchemaForm } from './schema-form.js';
import type { Schema } from './schema-shape.js';

const HINTS = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open world'],
] as const;

/** Badges for a tool's annotations: hints the server declares, marked untrusted unless the user trusts them. */
function badges(tool: Tool, trusted: boolean): TemplateResult {
  const annotations = (tool.annotations ?? {}) as Record<string, unknown>;
  const hints = HINTS.filter(([key]) => annotations[key] === true);
  const app = appResourceUri(tool) !== undefined;
  const appOnly = !visibility(tool).includes('model');
  return html`<span class="badges">
    ${hints.map(([key, label]) => html`<span class="badge hint ${key} ${trusted ? 'trusted' : 'untrusted'}" title=${trusted ? 'declared by the server, trusted' : 'declared by the server, not verified'}>${label}${trusted ? '' : '?'}</span>`)}
    ${app ? html`<span class="badge app" title=${appResourceUri(tool) ?? ''}>MCP App</span>` : nothing}
    ${appOnly ? html`<span class="badge app-only">app only</span>` : nothing}
  </span>`;
}

/** A tool that changed or is new since the connection first listed the tools. */
function driftBadge(drift: ToolDrift | undefined): TemplateResult | typeof nothing {
  if (drift === undefined || drift.kind === 'removed') return nothing;
  const label = drift.kind === 'added' ? 'new since pinned' : 'changed since pinned';
  return html`<span class="badge drift ${drift.kind}" title=${describeDrift(drift)}>${label}</span>`;
}

/** The pinned tools the last listing no longer has. */
function removedRows(drift: readonly ToolDrift[]): TemplateResult[] {
  return drift.filter((d) => d.kind === 'removed').map((d) => html`<li class="drift-removed" data-removed=${d.name}><code>${d.name}</code> <span class="badge drift removed">pinned, no longer listed</span></li>`);
}

function matches(tool: Tool, query: string): boolean {
  if (query === '') return true;
  const text = `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''}`.toLowerCase();
  return query.toLowerCase().split(/\s+/).every((word) => text.includes(word));
}

function latest(call: CallRecord | undefined, actions: ContentActions): TemplateResult {
  if (call === undefined) return html`<p class="not-run">Not run yet.</p>`;
  if (call.status === 'running') return html`<p class="muted">Running… (call #${call.id})</p>`;
  if (call.result !== undefined) return html`<div class="latest"><small>call #${call.id}</small>${toolResult(call.result, actions)}</div>`;
  return html`<p class="error-text">Call #${call.id} ${call.status}: ${call.error ?? ''}</p>`;
}

/** The tools panel: the live list (`toolsState$`) with search and badges, and the selected tool's form. */
export class ToolsPanel {
  private query = '';
  private selected: string | undefined;
  private readonly forms = new Map<string, SchemaForm>();

  constructor(private readonly d: Dashboard, private readonly actions: ContentActions) {}

  private driftOf(name: string): ToolDrift | undefined {
    return this.d.drift.find((drift) => drift.name === name);
  }

  private formOf(tool: Tool): SchemaForm {
    const schema = (tool.inputSchema ?? { type: 'object' }) as Schema;
    const existing = this.forms.get(tool.name);
    if (existing !== undefined && JSON.stringify(existing.schema) === JSON.stringify(schema)) return existing;
    const form = new SchemaForm(schema, () => this.d.changed.next('tools'));
    this.forms.set(tool.name, form);
    return form;
  }

  private run(tool: Tool): void {
    const client = this.d.client;
    const form = this.formOf(tool);
    const { value, errors } = form.collect();
    form.errors = errors;
    if (errors.length === 0 && client !== undefined) this.d.calls.start(client, tool, value);
    this.d.changed.next('tools');
  }

  private runAsTask(tool: Tool): void {
    const client = this.d.client;
    const form = this.formOf(tool);
    const { value, errors } = form.collect();
    form.errors = errors;
    if (errors.length === 0 && client !== undefined) this.d.tasks.start(client, tool, value);
    this.d.changed.next('tools');
  }

  private detail(tool: Tool | undefined): TemplateResult {
    if (this.selected === undefined) return html`<p class="muted">Choose a tool.</p>`;
    if (tool === undefined) return html`<p class="error-text">${this.selected} is no longer in the server's tool list.</p>`;
    const form = this.formOf(tool);
    return html`<div class="tool-detail" data-tool=${tool.name}>
      <h3>${toolDisplayName(tool)} <code>${tool.name}</code></h3>
      ${badges(tool, this.d.settings.trust)}
      ${this.driftOf(tool.name)?.kind === 'changed' ? html`<p class="drift-detail error-text">${describeDrift(this.driftOf(tool.name)!)}</p>` : nothing}
      ${tool.description ? html`<p class="description">${tool.description}</p>` : nothing}
      <form @submit=${(e: Event) => (e.preventDefault(), this.run(tool))}>
        ${form.render()}
        <button type="submit" class="run" ?disabled=${this.d.client === undefined}>Run ${tool.name}</button>
        ${runsAsTask(this.d.client, tool) ? html`<button type="button" class="run-task" @click=${() => this.runAsTask(tool)}>Run as task</button>` : nothing}
      </form>
      <h4>Latest result</h4>
      ${latest(this.d.calls.latestOf(tool.name), this.actions)}
    </div>`;
  }

  render(): TemplateResult {
    const state = this.d.tools;
    const items = state?.items ?? [];
    const shown = items.filter((tool) => matches(tool, this.query));
    const select = (name: string) => {
      this.selected = name;
      this.d.changed.next('tools');
    };
    const status = catalogStatus(this.d, state, 'tools');
    return html`<h2>Tools <small>${status.count}${state?.stale ? ' · stale' : ''}${state?.refreshing ? ' · refreshing' : ''}</small></h2>
      ${emptyView(status)}
      ${state?.error && state.items !== undefined ? html`<p class="error-text">${state.error.message}</p>` : nothing}
      <input type="search" class="tool-search" placeholder="Search tools" .value=${this.query}
        @input=${(e: Event) => ((this.query = (e.target as HTMLInputElement).value), this.d.changed.next('tools'))} />
      <ul class="tool-list">
        ${shown.map((tool) => html`<li class=${tool.name === this.selected ? 'selected' : ''} data-tool=${tool.name}>
          <button type="button" @click=${() => select(tool.name)}><strong>${toolDisplayName(tool)}</strong> <code>${tool.name}</code></button>
          ${badges(tool, this.d.settings.trust)} ${driftBadge(this.driftOf(tool.name))}
        </li>`)}
        ${removedRows(this.d.drift)}
      </ul>
      ${this.detail(items.find((tool) => tool.name === this.selected))}`;
  }
}
