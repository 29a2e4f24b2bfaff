import { html, nothing, type TemplateResult } from 'lit-html';
import type { Dashboard } from '../dashboard.js';
import { optionsFrom, type PageOptions } from '../model/page-options.js';
import { formValues } from './catalog-forms.js';

const seconds = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));

/** The roots editor and the settings of calls and connections. */
export class SettingsPanel {
  private rootError: string | undefined;
  private optionsError: string | undefined;

  constructor(private readonly d: Dashboard) {}

  private addRoot(event: Event): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const { uri = '', name = '' } = formValues(form);
    try {
      this.d.roots.add(uri, name);
      this.rootError = undefined;
      form.reset();
    } catch (error) {
      this.rootError = (error as Error).message;
    }
    this.d.changed.next('settings');
  }

  private apply(event: Event): void {
    event.preventDefault();
    try {
      this.d.setOptions(optionsFrom(formValues(event.currentTarget as HTMLFormElement)));
      this.optionsError = undefined;
    } catch (error) {
      this.optionsError = (error as Error).message;
    }
    this.d.changed.next('settings');
  }

  private roots(): TemplateResult {
    const roots = this.d.roots;
    return html`<h2>Roots <small class="roots-count">${roots.list.length} · asked ${roots.asked}×</small></h2>
      ${roots.list.length === 0 ? html`<p class="empty muted">No roots: the client offers none.</p>` : nothing}
      <ul class="root-list">${roots.list.map((root) => html`<li data-uri=${root.uri}><code>${root.uri}</code> ${root.name ?? ''}
        <button class="remove-root" @click=${() => roots.remove(root.uri)}>Remove</button></li>`)}</ul>
      <form class="add-root" @submit=${(e: Event) => this.addRoot(e)}>
        <input name="uri" placeholder="file:///path or /path" required size="18" /> <input name="name" placeholder="name" size="8" />
        <button>Add root</button></form>
      ${this.rootError ? html`<p class="error-text">${this.rootError}</p>` : nothing}`;
  }

  private options(options: PageOptions): TemplateResult {
    const timeout = options.callTimeout === false ? {} : options.callTimeout;
    const { reconnect } = options;
    return html`<h2>Settings</h2>
      <form class="page-options" @submit=${(e: Event) => this.apply(e)}>
        <fieldset><legend>Calls (from now on; empty: no limit)</legend>
          <label>idle timeout <input name="idle" size="4" .value=${seconds(timeout.idleMs)} /> s</label>
          <label>total timeout <input name="total" size="4" .value=${seconds(timeout.totalMs)} /> s</label></fieldset>
        <fieldset><legend>Reconnect (from the next Connect)</legend>
          <label>first delay <input name="initialDelay" size="4" .value=${seconds(reconnect.initialDelayMs)} /> s</label>
          <label>longest delay <input name="maxDelay" size="4" .value=${seconds(reconnect.maxDelayMs)} /> s</label>
          <label>attempts <input name="maxAttempts" size="3" placeholder="∞" .value=${reconnect.maxAttempts === undefined ? '' : String(reconnect.maxAttempts)} /></label></fieldset>
        <button class="apply-options">Apply</button></form>
      ${this.optionsError ? html`<p class="error-text options-error">${this.optionsError}</p>` : nothing}`;
  }

  render(): TemplateResult {
    return html`${this.roots()}${this.options(this.d.options)}`;
  }
}
