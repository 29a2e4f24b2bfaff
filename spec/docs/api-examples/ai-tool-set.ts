import type { LanguageModel } from 'ai';
import { generateText, stepCountIs } from 'ai';
import type { Client } from 'rxmcp';
import type { ToolCallApproval } from 'rxmcp/agent';
import { aiToolSet } from 'rxmcp/ai';
declare const client: Client;
declare const model: LanguageModel;
declare const prompt: string;
declare const approve: ToolCallApproval;
// #region example
const tools = await aiToolSet(client, { approve });
const { text } = await generateText({ model, tools, prompt, stopWhen: stepCountIs(5) });
// #endregion
export { text };
