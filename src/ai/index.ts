/**
 * MCP tools for the Vercel AI SDK: the tool set for `generateText` / `streamText`, live (`aiTools`) or once
 * (`await aiToolSet(client)`). `ai` is an optional peer dependency; nothing else in rxmcp imports it.
 *
 * @packageDocumentation
 * @module rxmcp/ai
 */
export { aiTools, aiToolSet, aiToolOutput } from './tools.js';
export type { AiToolsOptions, AiToolModelOutput, AiToolResult } from './tools.js';
