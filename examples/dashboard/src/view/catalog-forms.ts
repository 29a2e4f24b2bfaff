import { html, type TemplateResult } from 'lit-html';
import type { CompleteRequestParams, Prompt, ResourceTemplate } from 'rxmcp';
import type { Completions } from '../model/completions.js';
import { fillTemplate, templateVariables } from '../model/uri-template.js';

/** The named values of a form, as strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));
}

/** An argument's input with its suggestions: typing asks `completion/complete` with the others' values as context. */
function argumentInput(completions: Completions, ref: CompleteRequestParams['ref'], name: string, placeholder: string, required: boolean): TemplateResult {
  const id = completions.listId(ref, name);
  const typed = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const context = Object.fromEntries(Object.entries(formValues(input.form as HTMLFormElement)).filter(([other, value]) => other !== name && value !== ''));
    completions.ask({ ref, name, value: input.value, context });
  };
  return html`<input name=${name} placeholder=${placeholder} size="8" list=${id} autocomplete="off" ?required=${required}
      @input=${typed} @focus=${typed} /><datalist id=${id}>${completions.valuesOf(ref, name).map((value) => html`<option value=${value}></option>`)}</datalist>`;
}

/** A resource template's form: one input per variable, the URI expanded per RFC 6570 and shown as it will be read. */
export function templateForm(template: ResourceTemplate, completions: Completions, read: (uri: string) => void): TemplateResult {
  const ref = { type: 'ref/resource', uri: template.uriTemplate } as const;
  const submit = (event: Event) => {
    event.preventDefault();
    read(fillTemplate(template.uriTemplate, formValues(event.currentTarget as HTMLFormElement)));
  };
  return html`<form class="template" data-template=${template.uriTemplate} @submit=${submit}>
    <code>${template.uriTemplate}</code> ${templateVariables(template.uriTemplate).map((name) => argumentInput(completions, ref, name, name, false))}
    <button>Read</button></form>`;
}

/** A prompt's form: one input per argument (required ones marked), with completion. */
export function promptForm(prompt: Prompt, completions: Completions, get: (args: Record<string, string>) => void): TemplateResult {
  const ref = { type: 'ref/prompt', name: prompt.name } as const;
  const submit = (event: Event) => {
    event.preventDefault();
    get(Object.fromEntries(Object.entries(formValues(event.currentTarget as HTMLFormElement)).filter(([, value]) => value !== '')));
  };
  return html`<form data-prompt=${prompt.name} @submit=${submit}>
    <strong>${prompt.title ?? prompt.name}</strong>
    ${(prompt.arguments ?? []).map((arg) => argumentInput(completions, ref, arg.name, `${arg.name}${arg.required ? ' *' : ''}`, arg.required === true))}
    <button>Get</button></form>`;
}
