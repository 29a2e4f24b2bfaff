import type { ElicitRequestParams, ElicitResult, ElicitValue } from '../protocol/model/elicitation.js';

function isElicitValue(value: unknown): value is ElicitValue {
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Fills the defaults of a form elicitation's requested schema into an accepted answer (SEP-1034): every field
 * the user left out that has a `default` gets it. Answers that are not `accept`, URL-mode requests and fields
 * the user did fill are left as they are.
 */
export function withElicitationDefaults(params: ElicitRequestParams, result: ElicitResult): ElicitResult {
  if (result.action !== 'accept' || params.mode === 'url') return result;
  const properties = params.requestedSchema?.properties ?? {};
  const content: Record<string, ElicitValue> = { ...result.content };
  let filled = false;
  for (const [name, schema] of Object.entries(properties)) {
    const fallback = (schema as { default?: unknown }).default;
    if (content[name] !== undefined || !isElicitValue(fallback)) continue;
    content[name] = fallback;
    filled = true;
  }
  return filled || result.content === undefined ? { ...result, content } : result;
}
