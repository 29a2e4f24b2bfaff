import { html, nothing, type TemplateResult } from 'lit-html';
import type { CreateMessageRequestParams } from 'rxmcp';
import type { ElicitRequestFormParams, ElicitRequestUrlParams, SamplingMessage } from 'rxmcp/protocol';
import type { PendingRequest } from '../model/server-requests.js';
import { SchemaForm } from './schema-form.js';
import type { Schema } from './schema-shape.js';

function messageText(message: SamplingMessage): string {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

/** The answer forms of the server's questions; one form per request, kept while it is pending. */
export class RequestViews {
  private readonly forms = new Map<number, SchemaForm>();

  constructor(private readonly changed: () => void) {}

  render(request: PendingRequest): TemplateResult {
    const era = request.era === 'modern' ? 'input request of the call (2026-07-28)' : 'server request (legacy)';
    const body = request.kind === 'sampling'
      ? this.sampling(request)
      : request.params.mode === 'url'
        ? this.urlElicitation(request, request.params)
        : this.formElicitation(request, request.params);
    return html`<div class="server-request ${request.kind}" data-request=${request.id}>
      <div class="request-head"><span class="badge">${request.kind}</span> <small>${era}</small></div>
      ${body}
    </div>`;
  }

  /** Forgets the forms of requests that are no longer pending. */
  prune(pending: readonly PendingRequest[]): void {
    for (const id of this.forms.keys()) if (!pending.some((request) => request.id === id)) this.forms.delete(id);
  }

  private formElicitation(request: Extract<PendingRequest, { kind: 'elicitation' }>, params: ElicitRequestFormParams): TemplateResult {
    let form = this.forms.get(request.id);
    if (form === undefined) {
      form = new SchemaForm(params.requestedSchema as unknown as Schema, this.changed);
      this.forms.set(request.id, form);
    }
    const accept = (event: Event) => {
      event.preventDefault();
      const { value, errors } = (form as SchemaForm).collect();
      (form as SchemaForm).errors = errors;
      if (errors.length === 0) request.answer({ action: 'accept', content: value as never });
      else this.changed();
    };
    return html`<p class="request-message">${params.message}</p>
      <form class="elicitation-form" @submit=${accept}>
        ${form.render()}
        <div class="actions">
          <button type="submit" class="accept">Accept</button>
          <button type="button" class="decline" @click=${() => request.answer({ action: 'decline' })}>Decline</button>
          <button type="button" class="cancel" @click=${() => request.answer({ action: 'cancel' })}>Cancel</button>
        </div>
      </form>`;
  }

  private urlElicitation(request: Extract<PendingRequest, { kind: 'elicitation' }>, params: ElicitRequestUrlParams): TemplateResult {
    const host = (() => {
      try {
        return new URL(params.url).host;
      } catch {
        return 'an invalid URL';
      }
    })();
    const open = () => {
      window.open(params.url, '_blank', 'noopener,noreferrer');
      request.answer({ action: 'accept' });
    };
    return html`<p class="request-message">${params.message}</p>
      <p>The server asks you to open a page on <strong>${host}</strong>: <code class="url">${params.url}</code></p>
      <div class="actions">
        <button class="accept" @click=${open}>Open and accept</button>
        <button class="decline" @click=${() => request.answer({ action: 'decline' })}>Decline</button>
        <button class="cancel" @click=${() => request.answer({ action: 'cancel' })}>Cancel</button>
      </div>`;
  }

  private sampling(request: Extract<PendingRequest, { kind: 'sampling' }>): TemplateResult {
    const params: CreateMessageRequestParams = request.params;
    const approve = (event: Event) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget as HTMLFormElement);
      request.answer({ role: 'assistant', content: { type: 'text', text: String(data.get('reply') ?? '') }, model: String(data.get('model') || 'dashboard-user'), stopReason: 'endTurn' });
    };
    return html`${params.systemPrompt ? html`<p><small>system:</small> ${params.systemPrompt}</p>` : nothing}
      <ol class="sampling-messages">${params.messages.map((message) => html`<li><small>${message.role}:</small><pre>${messageText(message)}</pre></li>`)}</ol>
      <p><small>at most ${params.maxTokens} tokens${params.tools ? `, ${params.tools.length} tools` : ''}</small></p>
      <form class="sampling-form" @submit=${approve}>
        <label>Reply (edit before approving) <textarea name="reply" rows="3" placeholder="The model's reply"></textarea></label>
        <label>Model <input name="model" value="dashboard-user" /></label>
        <div class="actions">
          <button type="submit" class="approve">Approve</button>
          <button type="button" class="reject" @click=${() => request.reject('User rejected sampling request')}>Reject</button>
        </div>
      </form>`;
  }
}
