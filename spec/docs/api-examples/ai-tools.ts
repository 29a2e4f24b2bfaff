import type { LanguageModel, ToolSet } from 'ai';
import type { Client } from 'rxmcp';
declare const client: Client;
declare const model: LanguageModel;
// #region example
import { generateText, stepCountIs } from 'ai';
import { aiTools } from 'rxmcp/ai';

let tools: ToolSet = {};
aiTools(client).subscribe((current) => (tools = current)); // again after every change of the list
const { text } = await generateText({ model, tools, prompt: 'What is the weather in Oslo?', stopWhen: stepCountIs(5) });
// #endregion
export { text };
