// Type-level checks (run by `npm run typecheck`, never executed): `typedTools<Tools>(client)` over the files
// `rxmcp types` wrote for the example server and for server-everything (spec/fixtures/types/, which
// spec/node/cli/types.spec.ts holds equal to what the command writes now) takes each tool by name with its
// arguments, types the structured content by the output schema, and refuses unknown names and wrong arguments.
import type { Observable } from 'rxjs';
import { typedTools, type CallToolResult, type Client } from '../../src/index.js';
import type { Tools as EverythingTools } from '../fixtures/types/everything-tools.js';
import type { Tools as ExampleTools } from '../fixtures/types/example-tools.js';

declare const client: Client;
const example = typedTools<ExampleTools>(client);
const everything = typedTools<EverythingTools>(client);

// Calls that compile: required arguments, optional ones, none for a tool that takes none.
const sum: Observable<Omit<CallToolResult, 'structuredContent'> & { readonly structuredContent?: { sum: number } }> = example.callTool('add', { a: 2, b: 40 });
example.callTool('countdown', { from: 3 }, { progress: true });
example.callTool('bump');
everything.callTool('get-structured-content', { location: 'Chicago' }).subscribe((result) => {
  const celsius: number | undefined = result.structuredContent?.temperature;
  void celsius;
});
const echoed: Observable<CallToolResult> = everything.callTool('echo', { message: 'hi' });
everything.callTool('trigger-long-running-operation');
void sum;
void echoed;

// @ts-expect-error a tool the server does not have
example.callTool('substract', { a: 1, b: 2 });
// @ts-expect-error a tool of the other server
example.callTool('echo', { message: 'hi' });
// @ts-expect-error an argument of the wrong type
example.callTool('add', { a: '2', b: 40 });
// @ts-expect-error a required argument missing
example.callTool('add', { a: 2 });
// @ts-expect-error no arguments for a tool that requires some
everything.callTool('get-sum');
// @ts-expect-error an argument the schema does not have
everything.callTool('echo', { message: 'hi', loud: true });
// @ts-expect-error a value outside the enum
everything.callTool('get-structured-content', { location: 'Oslo' });
// @ts-expect-error structured content typed by the output schema: no such field
everything.callTool('get-structured-content', { location: 'Chicago' }).subscribe((result) => result.structuredContent?.pressure);
