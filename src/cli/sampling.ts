import type { ClientHandlers } from '../index.js';

/** What a sampling handler for the tool may draw on. */
export interface SamplingPlace {
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The tool's sampling handler: where a handler that runs the server's `sampling/createMessage` through a language
 * model (an OpenAI-compatible endpoint named by `OPENAI_BASE_URL`, say) plugs in. There is none yet, so the tool does
 * not advertise the sampling capability and servers that need sampling learn so from the handshake.
 */
export function samplingHandler(_place: SamplingPlace): ClientHandlers['sampling'] | undefined {
  return undefined;
}
