import { html, type TemplateResult } from 'lit-html';
import type { FrameEntry } from '../model/frames.js';
import { bytes, clock } from './format.js';

/**
 * A call's network view: the frames it caused (its request and input rounds, what came on its stream, the answers
 * to the server's questions, its cancellation), from the protocol view's ring of the last 500 frames.
 */
export function callNetwork(frames: readonly FrameEntry[]): TemplateResult {
  const total = frames.reduce((sum, frame) => sum + frame.bytes, 0);
  return html`<details class="call-network">
    <summary>Network <small>${frames.length} frame${frames.length === 1 ? '' : 's'} · ${bytes(total)}</small></summary>
    <ol class="call-frames">${frames.map((frame) => html`<li class="call-frame ${frame.direction}" data-direction=${frame.direction}>
      <time>${clock(frame.time)}</time><span class="dir">${frame.direction === 'in' ? '←' : '→'}</span>
      <span class="summary">${frame.summary}</span><span class="size ${frame.large ? 'large' : ''}">${bytes(frame.bytes)}</span>
      <pre class="payload">${frame.preview.length > 600 ? `${frame.preview.slice(0, 600)}…` : frame.preview}</pre></li>`)}</ol>
  </details>`;
}
