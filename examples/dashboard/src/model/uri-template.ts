// Resource templates as the page fills them from a form: RFC 6570 expansion by `url-template` (every operator:
// `{+path}`, `{?q,lang}`, `{/id}`, `{#frag}`, prefixes and explode modifiers).
import { parseTemplate } from 'url-template';

const EXPRESSION = /\{([^}]+)\}/g;

/** The template's variable names, each once, in order (operators, `:n` prefixes and `*` left off). */
export function templateVariables(template: string): string[] {
  const names = [...template.matchAll(EXPRESSION)].flatMap((match) =>
    (match[1] ?? '').replace(/^[+#./;?&=,!@|]/, '').split(',').map((name) => name.replace(/(:\d+|\*)$/, '').trim()));
  return [...new Set(names.filter((name) => name !== ''))];
}

/** The URI of `template` with the form's values; an empty value is left undefined, so `{?q}` drops `q=`. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return parseTemplate(template).expand(defined);
}
