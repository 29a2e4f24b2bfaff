import {
  type CallToolResult,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type McpServer,
  type RequestStateCodec,
} from '@modelcontextprotocol/server';

/** What the `introduce` tool carries from one round to the next, in `requestState` (signed, never trusted unsigned). */
export interface IntroduceState {
  /** The name answered in round 1, once it is known. */
  readonly name?: string;
  /** The server instances that answered each round so far. */
  readonly served: readonly string[];
}

/** What a stateless instance needs for multi-round tools: the `requestState` codec every instance shares, its name. */
export interface StatelessRounds {
  readonly codec: RequestStateCodec<IntroduceState>;
  /** A name for this instance, reported in the results (`served`) so a client can see where rounds landed. */
  readonly instance: string;
}

/** The codec of `requestState`: HMAC-SHA256 with a key every instance knows (at least 32 bytes). */
export function introduceCodec(key: string): RequestStateCodec<IntroduceState> {
  return createRequestStateCodec<IntroduceState>({ key, bind: (ctx) => ctx.mcpReq.method });
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

const ask = (key: string, message: string, title: string): Record<string, ReturnType<typeof inputRequired.elicit>> => ({
  [key]: inputRequired.elicit({
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { [key]: { type: 'string', title } }, required: [key] },
  }),
});

/** The accepted answer to the form asked under `key`, or `undefined`. */
function answered(responses: Record<string, unknown> | undefined, key: string): string | undefined {
  const answer = inputResponse(responses, key);
  if (answer.kind !== 'elicit' || answer.action !== 'accept') return undefined;
  const value = answer.content?.[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Registers `introduce`, a tool of three rounds: it asks for a name, then for a colour, then answers. Nothing of a
 * call stays in the process between rounds: what round 2 learnt travels in `requestState`, sealed with the shared
 * key, so each round may be answered by another instance. The result lists the instance of every round.
 */
export function registerIntroduce(server: McpServer, rounds: StatelessRounds): void {
  const { codec, instance } = rounds;
  server.registerTool(
    'introduce',
    { title: 'Introduce', description: 'Asks for a name, then a favourite colour (two input rounds), and introduces the person.' },
    async (ctx): Promise<CallToolResult | InputRequiredResult> => {
      const state = ctx.mcpReq.requestState<IntroduceState>();
      const served = [...(state?.served ?? []), instance];
      if (state === undefined) {
        const requestState = await codec.mint({ served }, ctx);
        return inputRequired({ inputRequests: ask('name', 'Who is this?', 'Name'), requestState });
      }
      if (state.name === undefined) {
        const name = answered(ctx.mcpReq.inputResponses, 'name');
        if (name === undefined) return text('No introduction: no name was given');
        const requestState = await codec.mint({ name, served }, ctx);
        return inputRequired({ inputRequests: ask('colour', `What is ${name}'s favourite colour?`, 'Colour'), requestState });
      }
      const colour = answered(ctx.mcpReq.inputResponses, 'colour');
      if (colour === undefined) return text(`No introduction: ${state.name} gave no colour`);
      return { ...text(`This is ${state.name}, who likes ${colour}.`), structuredContent: { name: state.name, colour, served } };
    },
  );
}
