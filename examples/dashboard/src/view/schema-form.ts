import { html, nothing, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { itemShape, propertyShape, shapeOf, type Schema, type Shape } from './schema-shape.js';

/** What collecting the form gives: the arguments, or what is wrong with them. */
export interface Collected {
  readonly value: Record<string, unknown>;
  readonly errors: readonly string[];
}

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}/${key}`);
const depthOf = (path: string): number => (path === '' ? 0 : path.split('/').length);
const target = (event: Event) => event.target as HTMLInputElement;

/**
 * The arguments form of one tool, generated from its input schema: text and number inputs, checkboxes, enums as
 * selects, `null` toggles for nullable fields, nested objects as fieldsets, arrays with add and remove, and a raw
 * JSON field for what a form cannot express. What the user typed is kept as typed (a string field's `007` stays
 * the string `007`; a raw JSON field is parsed once, on submit, never stringified again).
 */
export class SchemaForm {
  private readonly root: Shape;
  private texts = new Map<string, string>();
  private flags = new Map<string, boolean | undefined>();
  private choices = new Map<string, number>();
  private lengths = new Map<string, number>();
  private nulls = new Set<string>();
  mode: 'form' | 'json' = 'form';
  jsonText = '';
  errors: readonly string[] = [];

  constructor(readonly schema: Schema, private readonly changed: () => void) {
    this.root = shapeOf(schema, schema);
    this.seed(this.root, '', undefined);
  }

  /** The arguments as they stand. */
  collect(): Collected {
    if (this.mode === 'json') return this.parseJson();
    const errors: string[] = [];
    const value = this.collectShape(this.root, '', true, errors);
    return { value: (value ?? {}) as Record<string, unknown>, errors };
  }

  /** Switches between the generated form and the raw JSON of all arguments. */
  setMode(mode: 'form' | 'json'): void {
    if (mode === this.mode) return;
    if (mode === 'json') {
      this.jsonText = JSON.stringify(this.collect().value, null, 2);
      this.mode = 'json';
    } else {
      const parsed = this.parseJson();
      if (parsed.errors.length > 0) {
        this.errors = parsed.errors;
      } else {
        this.reset();
        this.seed(this.root, '', parsed.value);
        this.mode = 'form';
        this.errors = [];
      }
    }
    this.changed();
  }

  render(): TemplateResult {
    const body = this.mode === 'json'
      ? html`<textarea class="json args-json" rows="10" .value=${live(this.jsonText)} @input=${(e: Event) => (this.jsonText = target(e).value)}></textarea>`
      : this.root.kind === 'object' && Object.keys(this.root.schema.properties ?? {}).length === 0
        ? html`<p class="muted">No arguments.</p>`
        : this.field(this.root, '', '', true);
    return html`<div class="schema-form">
      <div class="mode">
        <button type="button" class=${this.mode === 'form' ? 'on' : ''} @click=${() => this.setMode('form')}>Form</button>
        <button type="button" class=${this.mode === 'json' ? 'on' : ''} @click=${() => this.setMode('json')}>JSON</button>
      </div>
      ${body}
      ${this.errors.length > 0 ? html`<ul class="errors">${this.errors.map((e) => html`<li>${e}</li>`)}</ul>` : nothing}
    </div>`;
  }

  private parseJson(): Collected {
    try {
      const value: unknown = this.jsonText.trim() === '' ? {} : JSON.parse(this.jsonText);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return { value: {}, errors: ['The arguments must be a JSON object'] };
      return { value: value as Record<string, unknown>, errors: [] };
    } catch (error) {
      return { value: {}, errors: [`Not valid JSON: ${(error as Error).message}`] };
    }
  }

  private reset(): void {
    this.texts = new Map();
    this.flags = new Map();
    this.choices = new Map();
    this.lengths = new Map();
    this.nulls = new Set();
  }

  /** Puts `value` (or the schema's defaults) into the inputs under `path`. */
  private seed(shape: Shape, path: string, given: unknown): void {
    const value = given === undefined ? shape.schema.default : given;
    if (value === null && shape.nullable) this.nulls.add(path);
    if (value === undefined || value === null) {
      if (shape.kind === 'object') for (const name of Object.keys(shape.schema.properties ?? {})) this.seed(propertyShape(shape, name, this.schema, depthOf(path)), join(path, name), undefined);
      return;
    }
    switch (shape.kind) {
      case 'object':
        for (const name of Object.keys(shape.schema.properties ?? {})) this.seed(propertyShape(shape, name, this.schema, depthOf(path)), join(path, name), (value as Record<string, unknown>)[name]);
        return;
      case 'array': {
        const items = Array.isArray(value) ? value : [];
        this.lengths.set(path, items.length);
        items.forEach((item, index) => this.seed(itemShape(shape, this.schema, depthOf(path)), join(path, index), item));
        return;
      }
      case 'enum':
        this.choices.set(path, (shape.options ?? []).findIndex((option) => JSON.stringify(option) === JSON.stringify(value)));
        return;
      case 'boolean':
        this.flags.set(path, value === true);
        return;
      case 'json':
        this.texts.set(path, JSON.stringify(value, null, 2));
        return;
      default:
        this.texts.set(path, String(value));
    }
  }

  private collectShape(shape: Shape, path: string, required: boolean, errors: string[]): unknown {
    const label = path === '' ? 'arguments' : path;
    if (shape.nullable && this.nulls.has(path)) return null;
    switch (shape.kind) {
      case 'object':
        return this.collectObject(shape, path, required, errors);
      case 'array': {
        const length = this.lengths.get(path) ?? 0;
        if (length === 0 && !required) return undefined;
        return Array.from({ length }, (_, index) => this.collectShape(itemShape(shape, this.schema, depthOf(path)), join(path, index), true, errors) ?? null);
      }
      case 'enum': {
        const index = this.choices.get(path) ?? -1;
        if (index < 0) return required ? (errors.push(`${label}: choose a value`), undefined) : undefined;
        return shape.options?.[index];
      }
      case 'boolean': {
        const flag = this.flags.get(path);
        return flag === undefined && required ? false : flag;
      }
      default:
        return this.collectText(shape, path, label, required, errors);
    }
  }

  /** An optional object left empty is left out, and its required fields are not asked for. */
  private collectObject(shape: Shape, path: string, required: boolean, errors: string[]): unknown {
    const result: Record<string, unknown> = {};
    const own: string[] = [];
    const needed = new Set(shape.schema.required ?? []);
    for (const name of Object.keys(shape.schema.properties ?? {})) {
      const value = this.collectShape(propertyShape(shape, name, this.schema, depthOf(path)), join(path, name), needed.has(name), own);
      if (value !== undefined) result[name] = value;
    }
    const present = Object.keys(result).length > 0;
    if (present || required) errors.push(...own);
    return present || required ? result : undefined;
  }

  private collectText(shape: Shape, path: string, label: string, required: boolean, errors: string[]): unknown {
    const text = this.texts.get(path) ?? '';
    if (text === '') return required ? (errors.push(`${label} is required`), undefined) : undefined;
    if (shape.kind === 'string') return text;
    if (shape.kind === 'json') {
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        errors.push(`${label}: not valid JSON (${(error as Error).message})`);
        return undefined;
      }
    }
    const number = Number(text);
    if (!Number.isFinite(number)) errors.push(`${label}: not a number`);
    else if (shape.kind === 'integer' && !Number.isInteger(number)) errors.push(`${label}: not an integer`);
    return number;
  }

  private field(shape: Shape, path: string, name: string, required: boolean): TemplateResult {
    const title = shape.schema.title ?? name;
    const isNull = shape.nullable && this.nulls.has(path);
    const toggle = shape.nullable
      ? html`<label class="null-toggle"><input type="checkbox" .checked=${isNull} @change=${(e: Event) => this.setNull(path, target(e).checked)} /> null</label>`
      : nothing;
    const head = path === '' ? nothing : html`<span class="field-name">${title}${required ? html`<span class="req">*</span>` : nothing}</span>`;
    const help = shape.schema.description ? html`<small class="help">${shape.schema.description}</small>` : nothing;
    const input = isNull ? html`<span class="muted">null</span>` : this.input(shape, path, required);
    if (shape.kind === 'object' || shape.kind === 'array') {
      return html`<fieldset class="field ${shape.kind}" data-path=${path}>${path === '' ? nothing : html`<legend>${head} ${toggle}</legend>`}${help}${input}</fieldset>`;
    }
    return html`<label class="field ${shape.kind}" data-path=${path}>${head} ${toggle} ${input} ${help}</label>`;
  }

  private setNull(path: string, on: boolean): void {
    if (on) this.nulls.add(path);
    else this.nulls.delete(path);
    this.changed();
  }

  private input(shape: Shape, path: string, required: boolean): TemplateResult {
    const text = this.texts.get(path) ?? '';
    const setText = (e: Event) => this.texts.set(path, target(e).value);
    switch (shape.kind) {
      case 'object':
        return html`${Object.keys(shape.schema.properties ?? {}).map((name) =>
          this.field(propertyShape(shape, name, this.schema, depthOf(path)), join(path, name), name, (shape.schema.required ?? []).includes(name)))}`;
      case 'array':
        return this.arrayInput(shape, path);
      case 'enum':
        return html`<select data-path=${path} @change=${(e: Event) => this.choices.set(path, Number(target(e).value))}>
          ${required ? nothing : html`<option value="-1" ?selected=${(this.choices.get(path) ?? -1) < 0}>—</option>`}
          ${(shape.labels ?? []).map((label, index) => html`<option value=${index} ?selected=${this.choices.get(path) === index}>${label}</option>`)}
        </select>`;
      case 'boolean':
        return required
          ? html`<input type="checkbox" data-path=${path} .checked=${this.flags.get(path) === true} @change=${(e: Event) => this.flags.set(path, target(e).checked)} />`
          : html`<select data-path=${path} @change=${(e: Event) => this.flags.set(path, target(e).value === '' ? undefined : target(e).value === 'true')}>
              <option value="" ?selected=${this.flags.get(path) === undefined}>—</option>
              <option value="true" ?selected=${this.flags.get(path) === true}>true</option>
              <option value="false" ?selected=${this.flags.get(path) === false}>false</option>
            </select>`;
      case 'json':
        return html`<textarea class="json" data-path=${path} rows="3" placeholder="JSON" .value=${live(text)} @input=${setText}></textarea>`;
      case 'number':
      case 'integer':
        return html`<input type="number" data-path=${path} step=${shape.kind === 'integer' ? '1' : 'any'} .value=${live(text)} @input=${setText} />`;
      default:
        return html`<input type=${inputType(shape.schema.format)} data-path=${path} .value=${live(text)} @input=${setText} />`;
    }
  }

  private arrayInput(shape: Shape, path: string): TemplateResult {
    const length = this.lengths.get(path) ?? 0;
    const item = itemShape(shape, this.schema, depthOf(path));
    const resize = (next: number) => {
      this.lengths.set(path, Math.max(0, next));
      this.changed();
    };
    return html`${Array.from({ length }, (_, index) => html`<div class="array-item">
        ${this.field(item, join(path, index), `#${index + 1}`, true)}
        ${index === length - 1 ? html`<button type="button" class="remove" @click=${() => resize(length - 1)}>Remove</button>` : nothing}
      </div>`)}
      <button type="button" class="add" @click=${() => resize(length + 1)}>Add item</button>`;
  }
}

function inputType(format: string | undefined): string {
  switch (format) {
    case 'date':
      return 'date';
    case 'email':
      return 'email';
    case 'uri':
      return 'url';
    default:
      return 'text';
  }
}
