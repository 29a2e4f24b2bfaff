import { EventSchemaError, type EventSchemaFailure } from '../errors/event-errors.js';
import { checkToolOutput } from '../protocol/output-schema.js';
import type { JsonSchema, Tool } from '../protocol/model/tools.js';

/** Checks one value against a schema: `undefined` when it passes, else the error describing where it fails. */
export type SchemaCheck = (value: unknown, eventId?: string) => EventSchemaError | undefined;

/**
 * A check against `schema` (JSON Schema 2020-12 unless it names another dialect), compiled once, on the same
 * validator as tool output schemas. `failure` says what is checked (`arguments` or `payload`).
 */
export function schemaCheck(event: string, failure: Exclude<EventSchemaFailure, 'unusable-schema'>, schema: JsonSchema): SchemaCheck {
  // The validator caches compiled schemas per tool definition: one definition object per check.
  const holder: Tool = { name: event, inputSchema: { type: 'object' }, outputSchema: schema };
  const what = failure === 'arguments' ? 'arguments' : 'payload';
  return (value, eventId) => {
    const error = checkToolOutput(holder, { content: [], structuredContent: value as Record<string, unknown> });
    if (error === undefined) return undefined;
    if (error.reason === 'unusable-schema') {
      const message = `Event type "${event}" has a ${failure === 'arguments' ? 'inputSchema' : 'payloadSchema'} that cannot be checked: ${error.message.replace(/^.*cannot be checked: /, '')}`;
      return new EventSchemaError(event, 'unusable-schema', message, { value, cause: error, ...(eventId === undefined ? {} : { eventId }) });
    }
    const issues = error.issues.map(({ path, keyword, message }) => ({ path, keyword, message }));
    const first = issues[0];
    const where = first === undefined ? '' : ` ${first.path === '' ? 'at the top level' : `at ${first.path}`}: ${first.message}`;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    const subject = eventId === undefined ? `The ${what} of event type "${event}"` : `The payload of event ${eventId} ("${event}")`;
    return new EventSchemaError(event, failure, `${subject} do${eventId === undefined ? '' : 'es'} not match its ${failure === 'arguments' ? 'inputSchema' : 'payloadSchema'}${where}${more}`, {
      issues, value, ...(eventId === undefined ? {} : { eventId }),
    });
  };
}
