// Any export added here is public API: named exports only, and a line in its snapshot (spec/exports.spec.ts).
/**
 * MCP tools for LangChain.js: a client's or a client group's tools as `@langchain/core` structured tools, once
 * (`await toLangChainTools(client)`), live (`langChainTools$`) or inside one agent run (`langChainToolsMiddleware`, for
 * `createAgent` of `langchain`), with the approval step, errors as tool messages and cancellation on the wire.
 * `@langchain/core` (and, for the middleware's types, `langchain`) are optional peer dependencies; nothing else in
 * rxmcp imports them.
 *
 * @packageDocumentation
 * @module rxmcp/langchain
 */
export { toLangChainTools, langChainTools$ } from './tools.js';
export type { LangChainToolsOptions, LangChainMcpTool } from './tools.js';
export { langChainToolsMiddleware } from './middleware.js';
