import { html, nothing, type TemplateResult } from 'lit-html';
import { ref } from 'lit-html/directives/ref.js';
import { repeat } from 'lit-html/directives/repeat.js';
import type { Subscription } from 'rxjs';
import { toolDisplayName } from 'rxmcp';
import { appView } from '../apps/app-view.js';
import { appResourceUri } from 'rxmcp/apps';
import type { Dashboard } from '../dashboard.js';
import type { CallRecord } from '../model/calls.js';
import { callNetwork } from './call-network.js';
import { toolResult, type ContentActions } from './content.js';
import { duration } from './format.js';
import { RequestViews } from './requests.js';

/** The MCP App views of calls: mounted once into their slot, torn down when the call leaves the list or is closed. */
class AppMounts {
  private readonly mounted = new Map<number, Subscription>();
  readonly closed = new Set<number>();

  constructor(private readonly d: Dashboard) {}

  ensure(call: CallRecord, uri: string, slot: Element | undefined): void {
    const client = this.d.client;
    if (!(slot instanceof HTMLElement) || this.mounted.has(call.id) || this.closed.has(call.id) || client === undefined) return;
    const d = this.d;
    const view = appView(slot, {
      client, call, resourceUri: uri, sandboxOrigin: d.sandboxOrigin,
      tools: () => d.tools?.items ?? [], approvals: d.approvals, calls: d.calls,
      onLog: (entry) => d.appLog(entry),
      onEvent: (text) => d.appEvent(call.id, text),
      onCloseRequest: () => this.close(call.id),
    });
    this.mounted.set(call.id, view.subscribe());
  }

  close(id: number): void {
    this.mounted.get(id)?.unsubscribe();
    this.mounted.delete(id);
    this.closed.add(id);
    this.d.changed.next('calls');
  }

  prune(ids: ReadonlySet<number>): void {
    for (const id of this.mounted.keys()) if (!ids.has(id)) this.close(id);
  }
}

function progressBar(call: CallRecord): TemplateResult {
  const elapsed = duration((call.endedAt ?? Date.now()) - call.startedAt);
  const p = call.progress;
  if (p === undefined) return html`<div class="progress-line"><span class="elapsed">${elapsed}</span></div>`;
  const percent = p.total !== undefined && p.total > 0 ? Math.min(100, Math.round((p.progress / p.total) * 100)) : undefined;
  return html`<div class="progress-line">
    <progress max="100" .value=${percent ?? 0} ?indeterminate=${percent === undefined}></progress>
    <span class="percent">${percent === undefined ? `${p.progress}` : `${percent} %`}</span>
    ${p.message ? html`<span class="progress-message">${p.message}</span>` : nothing}
    <span class="elapsed">${elapsed}</span>
  </div>`;
}

/** The calls panel: each call with its progress, Cancel, the server's questions inline, its app, its result. */
export class CallsPanel {
  private readonly apps: AppMounts;
  private readonly requests: RequestViews;

  constructor(private readonly d: Dashboard, private readonly actions: ContentActions) {
    this.apps = new AppMounts(d);
    this.requests = new RequestViews(() => d.changed.next('calls'));
  }

  private approvals(call: CallRecord): TemplateResult {
    return html`${this.d.approvals.forCall(call.id).map((approval) => html`<div class="approval" data-approval=${approval.id}>
      The app asks to call <code>${approval.tool.name}</code> with <code>${JSON.stringify(approval.args)}</code>.
      <button class="allow" @click=${() => approval.decide(true)}>Allow</button>
      <button class="deny" @click=${() => approval.decide(false)}>Deny</button>
    </div>`)}`;
  }

  private app(call: CallRecord): TemplateResult {
    const uri = appResourceUri(call.tool);
    if (uri === undefined || call.source.kind !== 'user') return html``;
    const events = this.d.appEvents.get(call.id) ?? [];
    if (this.apps.closed.has(call.id)) return html`<p class="muted">App closed.</p>`;
    return html`<div class="app">
      <div class="app-head"><span class="badge app">MCP App</span> <code>${uri}</code> <button class="close-app" @click=${() => this.apps.close(call.id)}>Close app</button></div>
      <div class="app-slot" ${ref((slot) => this.apps.ensure(call, uri, slot))}></div>
      ${this.approvals(call)}
      ${events.length > 0 ? html`<ul class="app-events">${events.map((text) => html`<li>${text}</li>`)}</ul>` : nothing}
    </div>`;
  }

  private card(call: CallRecord): TemplateResult {
    const source = call.source.kind === 'app' ? html`<small>from the app of #${call.source.parentCall}</small>` : nothing;
    return html`<article class="call ${call.status}" data-call=${call.id} data-tool=${call.tool.name}>
      <header>
        <strong>#${call.id} ${toolDisplayName(call.tool)}</strong> <code>${JSON.stringify(call.args).slice(0, 120)}</code> ${source}
        <span class="status-badge ${call.status}">${call.status}</span>
        ${call.rounds > 0 ? html`<small>${call.rounds} input round${call.rounds > 1 ? 's' : ''}</small>` : nothing}
        ${call.status === 'running' ? html`<button class="cancel-call" @click=${() => this.d.calls.cancel(call.id)}>Cancel</button>` : nothing}
      </header>
      ${progressBar(call)}
      ${this.d.requests.forCall(call.id).map((request) => this.requests.render(request))}
      ${this.app(call)}
      ${call.result !== undefined ? toolResult(call.result, this.actions) : nothing}
      ${call.error !== undefined ? html`<p class="error-text call-error">${call.error}</p>` : nothing}
      ${callNetwork(this.d.frames.ofCall(call.id))}
    </article>`;
  }

  render(): TemplateResult {
    const calls = this.d.calls.list;
    this.apps.prune(new Set(calls.map((call) => call.id)));
    this.requests.prune(this.d.requests.pending);
    const unlinked = this.d.requests.unlinked;
    return html`<h2>Calls <small>${calls.length}</small></h2>
      ${unlinked.length > 0 ? html`<div class="request-queue"><h3>Server requests</h3>${unlinked.map((request) => this.requests.render(request))}</div>` : nothing}
      ${calls.length === 0 ? html`<p class="muted">Run a tool to see its progress, the server's questions and its result here.</p>` : nothing}
      <div class="call-list">${repeat(calls, (call) => call.id, (call) => this.card(call))}</div>`;
  }
}
