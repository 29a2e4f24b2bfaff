import { html, type TemplateResult } from 'lit-html';
import { LARGE_PAYLOAD, PREVIEW_CHARS } from '../model/frames.js';
import { bytes, download } from './format.js';

/**
 * Text as the page shows it: whole up to about 100 KB; beyond, the first 4000 characters and a download of the
 * whole. A 5 MiB answer never goes into the DOM, so the page never stalls laying it out.
 */
export function payload(text: string, name: string, type = 'text/plain'): TemplateResult {
  if (text.length <= LARGE_PAYLOAD) return html`<pre class="payload">${text}</pre>`;
  return html`<pre class="payload preview">${text.slice(0, PREVIEW_CHARS)}</pre>
    <p class="preview-note">
      Preview: the first ${PREVIEW_CHARS.toLocaleString()} of ${text.length.toLocaleString()} characters (${bytes(text.length)}).
      <button class="download" @click=${() => download(text, name, type)}>Download all</button>
    </p>`;
}

const jsonCache = new WeakMap<object, string>();

/** Pretty JSON of an object, stringified once per object however often it is shown. */
export function prettyJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value, null, 2) ?? 'undefined';
  let text = jsonCache.get(value);
  if (text === undefined) {
    text = JSON.stringify(value, null, 2);
    jsonCache.set(value, text);
  }
  return text;
}
