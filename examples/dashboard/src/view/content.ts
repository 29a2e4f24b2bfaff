import { html, nothing, type TemplateResult } from 'lit-html';
import type { CallToolResult, ContentBlock, ResourceContents } from 'rxmcp';
import { bytes, download } from './format.js';
import { payload, prettyJson } from './payload.js';

/** What result views can ask the page for. */
export interface ContentActions {
  /** Reads a linked resource and shows it in the resources panel. */
  readonly read: (uri: string) => void;
}

const base64Bytes = (data: string): number => Math.floor((data.length * 3) / 4);

function blobOf(data: string, mimeType: string): Blob {
  return new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: mimeType });
}

/** One resource's contents: text (previewed when large) or a blob to download. */
export function resourceContents(contents: ResourceContents): TemplateResult {
  const name = contents.uri.split('/').pop() || 'resource';
  if ('text' in contents && typeof contents.text === 'string') {
    return html`<div class="resource-contents"><code>${contents.uri}</code> <small>${contents.mimeType ?? ''}</small>${payload(contents.text, name, contents.mimeType ?? 'text/plain')}</div>`;
  }
  const blob = (contents as { blob?: string }).blob ?? '';
  const type = contents.mimeType ?? 'application/octet-stream';
  return html`<div class="resource-contents"><code>${contents.uri}</code> <small>${type}, ${bytes(base64Bytes(blob))}</small>
    <button class="download" @click=${() => download(blobOf(blob, type), name)}>Download</button></div>`;
}

function block(content: ContentBlock, index: number, actions: ContentActions): TemplateResult {
  switch (content.type) {
    case 'text':
      return html`<div class="block text">${payload(content.text, `text-${index + 1}.txt`)}</div>`;
    case 'image':
      return html`<div class="block image"><img alt="image ${index + 1} (${content.mimeType})" src="data:${content.mimeType};base64,${content.data}" /></div>`;
    case 'audio':
      return html`<div class="block audio"><audio controls src="data:${content.mimeType};base64,${content.data}"></audio> <small>${content.mimeType}</small></div>`;
    case 'resource_link':
      return html`<div class="block link">
        <span class="badge">link</span> <strong>${content.title ?? content.name}</strong> <code>${content.uri}</code>
        ${content.mimeType ? html`<small>${content.mimeType}</small>` : nothing}
        <button @click=${() => actions.read(content.uri)}>Read</button>
        ${content.description ? html`<small class="help">${content.description}</small>` : nothing}
      </div>`;
    case 'resource':
      return html`<div class="block embedded"><span class="badge">embedded resource</span>${resourceContents(content.resource)}</div>`;
    default:
      return html`<div class="block unknown">${payload(prettyJson(content), `block-${index + 1}.json`, 'application/json')}</div>`;
  }
}

/** A tool result: its content blocks, its structured output in its own section, an error marked as such. */
export function toolResult(result: CallToolResult, actions: ContentActions): TemplateResult {
  const blocks = result.content ?? [];
  const structured = (result as { structuredContent?: unknown }).structuredContent;
  const empty = blocks.length === 0 && structured === undefined;
  return html`<div class="result ${result.isError === true ? 'is-error' : ''}">
    ${result.isError === true ? html`<p class="error-label">The tool reported an error (isError)</p>` : nothing}
    ${empty ? html`<p class="empty-result">Empty result: the tool returned no content.</p>` : nothing}
    ${blocks.map((content, index) => block(content, index, actions))}
    ${structured === undefined
      ? nothing
      : html`<section class="structured"><h4>Structured output</h4>${payload(prettyJson(structured), 'structured.json', 'application/json')}</section>`}
  </div>`;
}
