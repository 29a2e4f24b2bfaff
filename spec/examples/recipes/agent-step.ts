// Agent code of the kind the testing recipes test: one step that runs the tool the model chose.
import { RpcError, type AsyncClient } from '../../../src/index.js';

/** What a step tells the model. */
export type StepOutcome = { readonly kind: 'observation'; readonly text: string } | { readonly kind: 'retry'; readonly feedback: string };

/** Runs the chosen tool. A failed tool (`isError`) or an unknown one is feedback for the model, not an exception. */
export async function agentStep(mcp: AsyncClient, choice: { readonly tool: string; readonly args: Record<string, unknown> }): Promise<StepOutcome> {
  try {
    const result = await mcp.callTool(choice.tool, choice.args, { signal: AbortSignal.timeout(30_000) });
    const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
    return result.isError === true ? { kind: 'retry', feedback: `${choice.tool} failed: ${text}` } : { kind: 'observation', text };
  } catch (error) {
    if (RpcError.is(error) && error.rpcCode === -32602) return { kind: 'retry', feedback: `${choice.tool} is not available: ${error.message}` };
    throw error;
  }
}
