// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * MCP tools for the OpenAI Agents SDK: a client or a client group as the SDK's `MCPServer`, with its live tool list,
 * tool filtering, the approval step and cancellation on the wire. `@openai/agents` is an optional peer dependency:
 * this entry uses its types, and loads it only to clear the SDK's tool cache when caching is on.
 *
 * @packageDocumentation
 * @module rxmcp/openai-agents
 */
export { toAgentsMcpServer } from './server.js';
export type { AgentsMcpServer, AgentsMcpServerOptions } from './server.js';
