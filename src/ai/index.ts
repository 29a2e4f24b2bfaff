// rxmcp/ai: MCP tools for the Vercel AI SDK. `ai` is an optional peer dependency; nothing else in rxmcp imports it.
export { aiTools, aiToolOutput } from './tools.js';
export type { AiToolsOptions, AiToolModelOutput } from './tools.js';
