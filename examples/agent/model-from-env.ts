// The model of `npm run agent`, from the environment: OpenAI (Chat Completions or Responses) or any OpenAI-compatible
// server, Anthropic, or, with nothing set, the scripted model on 127.0.0.1. The same configuration answers the
// server's sampling requests.
import type { ObservableInput } from 'rxjs';
import type { CreateMessageRequestParams } from 'rxmcp';
import { anthropicModel, anthropicSampling, openAiChatModel, openAiResponsesModel, openAiSampling, type ModelProvider } from 'rxmcp/agent';
import { startScriptedModel } from './scripted-model.js';

/** A sampling handler, as `handlers.sampling` takes it. */
type Sampling = ReturnType<typeof openAiSampling>;
type Approve = (params: CreateMessageRequestParams) => boolean | ObservableInput<boolean>;

/** The model the agent runs on. */
export interface ConfiguredModel {
  /** What to tell the user about it. */
  readonly label: string;
  readonly provider: ModelProvider;
  /** Whether it is the scripted model (nothing was configured). */
  readonly scripted: boolean;
  /** A sampling handler on the same model. */
  sampling(approve: Approve): Sampling;
}

export const ENVIRONMENT_HELP = `The model comes from the environment:
  OPENAI_API_KEY, OPENAI_BASE_URL   OpenAI (default https://api.openai.com/v1) or any OpenAI-compatible server,
                                    e.g. http://127.0.0.1:11434/v1 for Ollama (no key needed there)
  OPENAI_MODEL                      default gpt-4o-mini
  OPENAI_API                        chat (Chat Completions, the default) or responses (the Responses API)
  ANTHROPIC_API_KEY                 Anthropic (ANTHROPIC_BASE_URL, default https://api.anthropic.com/v1)
  ANTHROPIC_MODEL                   default claude-sonnet-4-5
  AGENT_PROVIDER                    openai or anthropic, when both are set (default: openai)
  AGENT_STREAM=0                    one answer per request instead of a stream
  AGENT_APPROVE=all|none            decides calls of tools that are not read-only when there is no terminal
With none of the model variables set, a scripted model on 127.0.0.1 plays the model.`;

const set = (value: string | undefined): value is string => value !== undefined && value !== '';

function openAi(env: NodeJS.ProcessEnv, stream: boolean): ConfiguredModel {
  const endpoint = { ...(set(env['OPENAI_BASE_URL']) ? { baseUrl: env['OPENAI_BASE_URL'] } : {}), ...(set(env['OPENAI_API_KEY']) ? { apiKey: env['OPENAI_API_KEY'] } : {}) };
  const model = env['OPENAI_MODEL'] || 'gpt-4o-mini';
  const responses = env['OPENAI_API'] === 'responses';
  const provider = responses ? openAiResponsesModel({ ...endpoint, model, stream }) : openAiChatModel({ ...endpoint, model, stream });
  return {
    label: `${model} (OpenAI ${responses ? 'Responses' : 'Chat Completions'} at ${endpoint.baseUrl ?? 'https://api.openai.com/v1'})`,
    provider,
    scripted: false,
    sampling: (approve) => openAiSampling({ baseUrl: endpoint.baseUrl ?? 'https://api.openai.com/v1', ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}), model, approve }),
  };
}

function anthropic(env: NodeJS.ProcessEnv, stream: boolean): ConfiguredModel {
  const config = { model: env['ANTHROPIC_MODEL'] || 'claude-sonnet-4-5', ...(set(env['ANTHROPIC_BASE_URL']) ? { baseUrl: env['ANTHROPIC_BASE_URL'] } : {}), ...(set(env['ANTHROPIC_API_KEY']) ? { apiKey: env['ANTHROPIC_API_KEY'] } : {}) };
  return {
    label: `${config.model} (Anthropic Messages at ${config.baseUrl ?? 'https://api.anthropic.com/v1'})`,
    provider: anthropicModel({ ...config, stream }),
    scripted: false,
    sampling: (approve) => anthropicSampling({ ...config, approve }),
  };
}

/** The configured model, or the scripted one (started here) when nothing is set. */
export async function modelFromEnv(env: NodeJS.ProcessEnv): Promise<ConfiguredModel> {
  const stream = env['AGENT_STREAM'] !== '0';
  const hasOpenAi = set(env['OPENAI_BASE_URL']) || set(env['OPENAI_API_KEY']);
  const hasAnthropic = set(env['ANTHROPIC_API_KEY']) || set(env['ANTHROPIC_BASE_URL']);
  if (hasAnthropic && (!hasOpenAi || env['AGENT_PROVIDER'] === 'anthropic')) return anthropic(env, stream);
  if (hasOpenAi) return openAi(env, stream);
  const { baseUrl } = await startScriptedModel();
  const scripted = openAi({ OPENAI_BASE_URL: baseUrl, OPENAI_MODEL: 'scripted' }, stream);
  return { ...scripted, label: `a scripted model at ${baseUrl} (no model configured: see npm run agent -- --help)`, scripted: true };
}
