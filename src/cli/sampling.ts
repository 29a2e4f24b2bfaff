import type { ClientHandlers, CreateMessageRequestParams } from '../index.js';
import { openAiSampling } from '../agent/index.js';
import type { LineReader } from './lines.js';

/** What the sampling handler of the tool draws on. */
export interface SamplingPlace {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--sampling`: the answer given without asking anybody. */
  readonly answer: 'accept' | 'decline' | undefined;
  /** Somebody at a terminal can be asked. */
  readonly interactive: boolean;
  readonly lines: () => LineReader;
  readonly write: (text: string) => void;
  /** Called around a prompt, so that a progress bar gets out of the way. */
  readonly prompting: (active: boolean) => void;
}

/** What the server wants the model to read, in a line or two, for the person approving it. */
function summary(params: CreateMessageRequestParams, model: string): string {
  const last = params.messages[params.messages.length - 1];
  const content = last === undefined ? [] : Array.isArray(last.content) ? last.content : [last.content];
  const text = content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
  const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return `? The server asks the model ${model} (${params.messages.length} message(s), at most ${params.maxTokens} tokens): ${excerpt}\n  Send it? (y/N) `;
}

async function ask(place: SamplingPlace, params: CreateMessageRequestParams, model: string, signal: AbortSignal): Promise<boolean> {
  place.prompting(true);
  try {
    place.write(summary(params, model));
    const line = await place.lines().next(signal);
    return /^y(es)?$/i.test((line ?? '').trim());
  } finally {
    place.prompting(false);
  }
}

/**
 * The tool's sampling handler: the server's `sampling/createMessage` runs through an OpenAI-compatible Chat
 * Completions endpoint (`OPENAI_BASE_URL`, `OPENAI_MODEL`, `OPENAI_API_KEY` when it wants one), after a person
 * approved it at the terminal, or as `--sampling` says. Without `OPENAI_BASE_URL` and `OPENAI_MODEL` there is no
 * handler: the sampling capability is not advertised and servers that need sampling learn so from the handshake.
 */
export function samplingHandler(place: SamplingPlace): ClientHandlers['sampling'] | undefined {
  const baseUrl = place.env['OPENAI_BASE_URL'];
  const model = place.env['OPENAI_MODEL'];
  if (baseUrl === undefined || baseUrl === '' || model === undefined || model === '') return undefined;
  if (place.answer === undefined && !place.interactive) return undefined;
  const apiKey = place.env['OPENAI_API_KEY'];
  return openAiSampling({
    baseUrl,
    model,
    ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
    approve: (params, context) => (place.answer === undefined ? ask(place, params, context.model, context.signal) : place.answer === 'accept'),
  });
}
