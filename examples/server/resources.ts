import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { COUNTER_URI, type ExampleWorld } from './state.js';

/** The URI of the static readme resource. */
export const README_URI = 'example://readme';

const README = [
  '# rxmcp example server',
  '',
  'Tools: add, countdown, greet, summarize, toggle_tool, bump, big_result, flood, edit_skill (and bonus while enabled).',
  `Resources: ${README_URI}, example://items/{id}, ${COUNTER_URI}.`,
  'Prompt: review (argument `code`).',
  'Skills: git-workflow, pdf-processing, acme/billing/refunds, reports/daily (skills/list, skills/get, resources/directory/read).',
].join('\n');

const ITEMS: Readonly<Record<string, string>> = { '1': 'apple', '2': 'banana', '3': 'cherry' };

/** Registers the readme, the item template and the counter resource. */
export function registerExampleResources(server: McpServer, state: ExampleWorld): void {
  const readme = { title: 'Readme', description: 'What this server offers', mimeType: 'text/markdown' };
  server.registerResource('readme', README_URI, readme, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README }],
  }));

  const items = new ResourceTemplate('example://items/{id}', {
    list: () => ({
      resources: Object.entries(ITEMS).map(([id, title]) => ({
        uri: `example://items/${id}`,
        name: `item-${id}`,
        title,
        mimeType: 'application/json',
      })),
    }),
    complete: { id: (value) => Object.keys(ITEMS).filter((id) => id.startsWith(value)) },
  });
  const item = { title: 'Item', description: 'One item by id', mimeType: 'application/json' };
  server.registerResource('item', items, item, (uri, variables) => {
    const id = String(variables['id']);
    const text = JSON.stringify({ id, name: ITEMS[id] ?? null });
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
  });

  const counter = { title: 'Counter', description: 'Changes on every call of the tool bump', mimeType: 'text/plain' };
  server.registerResource('counter', COUNTER_URI, counter, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `counter: ${state.counter}` }],
  }));
}

/** Registers the prompt `review` with its single argument `code`. */
export function registerExamplePrompts(server: McpServer): void {
  server.registerPrompt(
    'review',
    {
      title: 'Code review',
      description: 'Asks the model to review a piece of code',
      argsSchema: z.object({ code: z.string().describe('The code to review') }),
    },
    ({ code }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Please review this code:\n\n${code}` } }],
    }),
  );
}
