// The live tool list inside one LangChain.js agent run: a `createAgent` middleware (the optional peer `langchain`
// gives only its types; the middleware is a plain object) that hands every model call the source's current tools and
// runs the calls to them, so a change of the server's list reaches the next model turn of the same run.
import type { AgentMiddleware } from 'langchain';
import { toLangChainTools, type LangChainMcpTool, type LangChainToolsOptions } from './tools.js';
import type { ToolSource } from '../agent/source.js';

/** The brand `createMiddleware` of `langchain` puts on a middleware (a registered symbol, so no import is needed). */
const MIDDLEWARE_BRAND = Symbol.for('AgentMiddleware');

/** Tools the model sees beside the registered ones; `request.tools` of the model call, as LangChain types it. */
type RequestTools = Parameters<NonNullable<AgentMiddleware['wrapModelCall']>>[0]['tools'];

/**
 * A `createAgent` middleware that gives each model call the source's current tools (as {@link toLangChainTools}
 * makes them, after any announced change has loaded) next to the agent's own, and runs the model's calls to them:
 * `createAgent({ model, middleware: [langChainToolsMiddleware(client)] })`. A tool added or removed on the server
 * mid-run is in, or out of, the next model call of the same run.
 *
 * **Temperature:** cold: it reads the tool list at each model call. **Emits:** not an Observable: each model call
 * gets the tools of that moment. **Completes:** n/a. **Errors:** a model call fails with the first listing's error.
 * **Teardown:** none; calls in flight run until the run's signal aborts, which cancels them on the wire.
 * @example
 * ```ts
 * const agent = createAgent({ model: 'openai:gpt-4.1-mini', tools: [], middleware: [langChainToolsMiddleware(client)] });
 * const result = await agent.invoke({ messages: [{ role: 'user', content: 'Turn the lights on.' }] });
 * ```
 */
export function langChainToolsMiddleware(source: ToolSource, options: LangChainToolsOptions = {}): AgentMiddleware {
  let current = new Map<string, LangChainMcpTool>();
  const middleware: AgentMiddleware = {
    name: 'RxmcpToolsMiddleware',
    wrapModelCall: async (request, handler) => {
      const tools = await toLangChainTools(source, options);
      current = new Map(tools.map((tool) => [tool.name, tool]));
      return handler({ ...request, tools: [...request.tools, ...tools] as RequestTools });
    },
    wrapToolCall: async (request, handler) => {
      const tool = request.tool === undefined ? current.get(request.toolCall.name) : undefined;
      return handler(tool === undefined ? request : { ...request, tool });
    },
  };
  return Object.assign(middleware, { [MIDDLEWARE_BRAND]: true });
}
