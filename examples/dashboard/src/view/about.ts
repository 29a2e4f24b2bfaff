import { html, type TemplateResult } from 'lit-html';
import { kilobytes } from './format.js';

/** What the browser loaded of one script of the page (Resource Timing), in bytes. */
export interface LoadedScript {
  readonly name: string;
  /** The script's size, as the page runs it. */
  readonly bytes: number;
  /** What came over the wire for it (smaller when the server compressed it; 0 when it came from the cache). */
  readonly transferred: number;
}

/**
 * The page's own scripts as this browser loaded them: measured (Resource Timing's `decodedBodySize`), so the size
 * the page states is the one it has, whatever changed in the code since the docs were written.
 */
export function loadedScripts(entries: readonly PerformanceResourceTiming[] = performance.getEntriesByType('resource') as PerformanceResourceTiming[]): LoadedScript[] {
  return entries
    .filter((entry) => entry.initiatorType === 'script' && new URL(entry.name).origin === location.origin && entry.name.endsWith('.js'))
    .map((entry) => ({ name: new URL(entry.name).pathname.split('/').pop() ?? entry.name, bytes: entry.decodedBodySize, transferred: entry.encodedBodySize }));
}

/** The page's footer: what it weighs as loaded. */
export function aboutView(scripts: readonly LoadedScript[]): TemplateResult {
  return html`<small class="bundle-sizes">${scripts.map((script) => html`<span class="bundle-size" data-file=${script.name} data-bytes=${script.bytes}
      title="measured by this browser (Resource Timing)">${script.name} ${kilobytes(script.bytes)}${script.transferred > 0 && script.transferred < script.bytes ? `, ${kilobytes(script.transferred)} transferred` : ''}</span>`)}</small>`;
}
