/**
 * MCP tools for the Vercel AI SDK: a live tool set for `generateText` / `streamText`. `ai` is an optional peer
 * dependency; nothing else in rxmcp imports it.
 *
 * @packageDocumentation
 * @module rxmcp/ai
 */
export { aiTools, aiToolOutput } from './tools.js';
export type { AiToolsOptions, AiToolModelOutput } from './tools.js';
