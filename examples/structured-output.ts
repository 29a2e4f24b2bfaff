// Structured output, checked: a tool that declares an outputSchema has its structuredContent validated (JSON Schema
// 2020-12 unless the schema names another dialect); a mismatch fails the call with OutputSchemaError naming the
// path, or, with validateOutput: 'diagnostic', is reported and the result kept.
// Run: npx tsx examples/structured-output.ts
import { createRequire } from 'node:module';
import { lastValueFrom, take } from 'rxjs';
import { OutputSchemaError, createClient, type Tool } from 'rxmcp';
import { stdio } from 'rxmcp/node';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const server = () => stdio({ command: process.execPath, args: [everything, 'stdio'] });

const client = createClient(server()); // validateOutput: 'error' is the default
const lenient = createClient(server(), { validateOutput: 'diagnostic' });
try {
  const tools = await lastValueFrom(client.listTools());
  const weather = tools.find((tool) => tool.name === 'get-structured-content') as Tool;
  console.log(`outputSchema: ${JSON.stringify(weather.outputSchema)}`);

  const result = await lastValueFrom(client.callTool('get-structured-content', { location: 'New York' }));
  console.log(`valid: ${JSON.stringify(result.structuredContent)}`);

  // The same result checked against a definition that wants the temperature as text.
  const stricter: Tool = { ...weather, outputSchema: { ...weather.outputSchema, properties: { ...weather.outputSchema?.properties, temperature: { type: 'string' } } } };
  try {
    await lastValueFrom(client.callTool('get-structured-content', { location: 'New York' }, { tool: stricter }));
  } catch (error) {
    if (!OutputSchemaError.is(error)) throw error;
    console.log(`error at ${error.path}: ${error.message}`);
  }

  lenient.diagnostics$.pipe(take(1)).subscribe((diagnostic) => console.log(`diagnostic ${diagnostic.kind}: ${diagnostic.message}`));
  const kept = await lastValueFrom(lenient.callTool('get-structured-content', { location: 'New York' }, { tool: stricter }));
  console.log(`kept: ${JSON.stringify(kept.structuredContent)}`);
} finally {
  client.close();
  lenient.close();
}
