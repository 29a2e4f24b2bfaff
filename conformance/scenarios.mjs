// What each client scenario of the conformance suite expects the client to do, written against rxmcp's public
// API only: createClient over streamableHttp, handlers, verbs. One function per scenario (or family).
import { lastValueFrom } from 'rxjs';
import { createClient, streamableHttp, toAsyncClient } from 'rxmcp';
import { SKILLS_EXTENSION, runSkills } from './skills.mjs';

const CLIENT_INFO = { name: 'rxmcp-conformance', version: '0.1.0' };

/** A pinned revision when the suite names one, otherwise rxmcp's own negotiation. */
function protocolFor(version) {
  return version ? { pin: version } : 'auto';
}

function log(...parts) {
  console.log(...parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))));
}

/** Opens a client on the scenario's server, runs `body`, and closes the client whatever happens. */
export async function withClient(run, options, body) {
  const client = createClient(streamableHttp(run.url), {
    clientInfo: CLIENT_INFO,
    protocol: protocolFor(run.protocolVersion),
    timeout: { firstMs: 15_000 },
    ...options,
  });
  const diagnostics = client.diagnostics$.subscribe((d) => log(`diagnostic ${d.kind}: ${d.message}`));
  const mcp = toAsyncClient(client);
  try {
    const server = await mcp.connect();
    log(`negotiated ${server.era} ${server.protocolVersion} with`, server.serverInfo ?? '(no serverInfo)');
    return await body({ client, mcp, server });
  } finally {
    diagnostics.unsubscribe();
    client.close();
  }
}

/** A value of the type a JSON Schema property asks for, for tools the scenario gives no arguments for. */
function sampleFor(schema) {
  switch (schema?.type) {
    case 'integer':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'object':
      return {};
    case 'array':
      return [];
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

function sampleArguments(tool) {
  const properties = tool.inputSchema?.properties ?? {};
  const required = tool.inputSchema?.required ?? [];
  return Object.fromEntries(required.map((name) => [name, sampleFor(properties[name])]));
}

async function callTool(mcp, name, args) {
  const result = await mcp.callTool(name, args);
  log(`tools/call ${name} ->`, result.content ?? result);
  return result;
}

async function listTools(mcp) {
  const tools = await mcp.listTools();
  log('tools/list ->', tools.map((t) => t.name));
  return tools;
}

/** The handshake itself; tools are listed only when the server declares them. */
async function initialize(run) {
  await withClient(run, {}, async ({ mcp, server }) => {
    if (server.capabilities.tools) await listTools(mcp);
  });
}

async function toolsCall(run) {
  await withClient(run, {}, async ({ mcp }) => {
    const tools = await listTools(mcp);
    if (!tools.some((t) => t.name === 'add_numbers')) throw new Error('the server lists no add_numbers tool');
    await callTool(mcp, 'add_numbers', { a: 5, b: 3 });
  });
}

/** The user accepts without typing anything: rxmcp fills the requested schema's defaults (SEP-1034). */
async function elicitationDefaults(run) {
  const handlers = { elicitation: () => ({ action: 'accept', content: {} }) };
  await withClient(run, { handlers }, async ({ mcp }) => {
    const tools = await listTools(mcp);
    for (const tool of tools) await callTool(mcp, tool.name, sampleArguments(tool));
  });
}

/** The tool's event stream closes after a priming event; the result comes on the resumed stream. */
async function sseRetry(run) {
  await withClient(run, {}, async ({ mcp }) => {
    const tools = await listTools(mcp);
    for (const tool of tools) await callTool(mcp, tool.name, sampleArguments(tool));
  });
}

const EVERY_HANDLER = {
  roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'none' }),
  elicitation: () => ({ action: 'decline' }),
};

/** Per-request `_meta` and version header; the first request is refused with -32022 and must be retried. */
async function requestMetadata(run) {
  await withClient(run, { handlers: EVERY_HANDLER }, async ({ mcp, server }) => {
    if (!server.capabilities.tools) return;
    for (const tool of await listTools(mcp)) await callTool(mcp, tool.name, sampleArguments(tool));
  });
}

/**
 * Multi-round-trip requests: the elicitation of the first tool is answered only after an unrelated tool call
 * went out in between, which must carry none of the first call's input responses or request state.
 */
async function mrtrRequestState(run) {
  const holder = {};
  let unrelated;
  const elicitation = async () => {
    unrelated ??= callTool(holder.mcp, 'test_mrtr_unrelated', {});
    await unrelated;
    return { action: 'accept', content: { confirmed: true } };
  };
  await withClient(run, { handlers: { elicitation } }, async ({ mcp }) => {
    holder.mcp = mcp;
    await listTools(mcp);
    await callTool(mcp, 'test_mrtr_echo_state', {});
    await callTool(mcp, 'test_mrtr_no_state', {});
    await callTool(mcp, 'test_mrtr_no_result_type', {});
  });
}

/** Every method that carries `Mcp-Method` (and `Mcp-Name`) once. */
async function standardHeaders(run) {
  await withClient(run, {}, async ({ mcp }) => {
    for (const tool of await listTools(mcp)) await callTool(mcp, tool.name, sampleArguments(tool));
    const resources = await mcp.listResources();
    log('resources/list ->', resources.map((r) => r.uri));
    for (const resource of resources) log(`resources/read ${resource.uri} ->`, (await mcp.readResource(resource.uri)).contents);
    const prompts = await mcp.listPrompts();
    log('prompts/list ->', prompts.map((p) => p.name));
    for (const prompt of prompts) log(`prompts/get ${prompt.name} ->`, (await mcp.getPrompt(prompt.name)).messages);
  });
}

/** The calls the scenario hands over, whose `x-mcp-header` arguments become `Mcp-Param-*` headers. */
async function customHeaders(run) {
  const calls = run.context.toolCalls ?? [];
  if (calls.length === 0) throw new Error('MCP_CONFORMANCE_CONTEXT has no toolCalls');
  await withClient(run, {}, async ({ mcp }) => {
    const names = new Set((await listTools(mcp)).map((t) => t.name));
    for (const call of calls) {
      if (!names.has(call.name)) throw new Error(`the server did not list ${call.name}`);
      await callTool(mcp, call.name, call.arguments ?? {});
    }
  });
}

/** rxmcp drops tools with invalid `x-mcp-header` annotations; the glue calls whatever is left. */
async function invalidToolHeaders(run) {
  await withClient(run, {}, async ({ mcp }) => {
    for (const tool of await listTools(mcp)) await callTool(mcp, tool.name, sampleArguments(tool));
  });
}

/** Listing a tool whose schema has a network `$ref` must not fetch it. */
async function refNoDeref(run) {
  await withClient(run, {}, async ({ mcp }) => {
    for (const tool of await listTools(mcp)) log(`${tool.name} inputSchema:`, tool.inputSchema);
  });
}

/** The focal tool's input schema goes back to the server exactly as rxmcp handed it over. */
async function schemaPreservation(run) {
  await withClient(run, {}, async ({ mcp }) => {
    const tools = await listTools(mcp);
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    if (!focal) throw new Error('the server lists no json_schema_2020_12_tool');
    await callTool(mcp, 'json_schema_echo', { schema: focal.inputSchema });
  });
}

async function skills(run) {
  const capabilities = { extensions: { [SKILLS_EXTENSION]: {} } };
  await withClient(run, { capabilities }, (opened) => runSkills(run, opened, { log, settle: (source$) => lastValueFrom(source$, { defaultValue: undefined }) }));
}

/** Scenario name → glue. */
export const SCENARIOS = {
  initialize,
  tools_call: toolsCall,
  'elicitation-sep1034-client-defaults': elicitationDefaults,
  'sse-retry': sseRetry,
  'request-metadata': requestMetadata,
  'sep-2322-client-request-state': mrtrRequestState,
  'http-standard-headers': standardHeaders,
  'http-custom-headers': customHeaders,
  'http-invalid-tool-headers': invalidToolHeaders,
  'json-schema-ref-no-deref': refNoDeref,
  'json-schema-2020-12-preservation': schemaPreservation,
  'sep-2640-client-no-prefetch': skills,
  'sep-2640-client-verify-digest': skills,
  'sep-2640-client-verify-size': skills,
  'sep-2640-client-verify-frontmatter': skills,
};
