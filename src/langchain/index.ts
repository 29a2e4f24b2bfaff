// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * MCP tools for LangChain.js: a client's or a client group's tools as `@langchain/core` structured tools, once
 * (`await toLangChainTools(client)`) or live (`langChainTools$`), with the approval step, errors as tool messages
 * and cancellation on the wire. `@langchain/core` is an optional peer dependency; nothing else in rxmcp imports it.
 *
 * @packageDocumentation
 * @module rxmcp/langchain
 */
export { toLangChainTools, langChainTools$ } from './tools.js';
export type { LangChainToolsOptions, LangChainMcpTool } from './tools.js';
