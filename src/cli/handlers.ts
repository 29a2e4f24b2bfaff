import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientHandlers, ElicitRequestParams, ElicitResult } from '../index.js';
import { isUrlElicitation } from '../protocol/index.js';
import { askForm } from './elicit-form.js';
import type { LineReader } from './lines.js';
import type { CliOptions } from './options.js';
import type { Output } from './output.js';
import { samplingHandler } from './sampling.js';

/** What the handlers need of the run. */
export interface HandlerPlace {
  readonly options: CliOptions;
  readonly out: Output;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** People answer prompts here. */
  readonly interactive: boolean;
  readonly lines: () => LineReader;
  /** Called around a prompt, so that a progress bar gets out of the way. */
  readonly prompting: (active: boolean) => void;
}

function urlElicitation(params: ElicitRequestParams & { mode: 'url' }, place: HandlerPlace): ElicitResult {
  const answer = place.options.elicit?.action ?? 'accept';
  const style = place.out.errStyle;
  place.out.stderr.write(`${style(['bold', 'magenta'], '? The server asks you to open:')} ${params.url}\n  ${params.message}\n`);
  return { action: answer };
}

function elicitation(place: HandlerPlace): ClientHandlers['elicitation'] {
  const fixed = place.options.elicit;
  if (fixed === undefined && !place.interactive) return undefined;
  return async (params, context) => {
    if (isUrlElicitation(params)) return urlElicitation(params, place);
    if (fixed !== undefined) return fixed.action === 'accept' ? { action: 'accept', content: fixed.content as ElicitResult['content'] } : { action: fixed.action };
    place.prompting(true);
    try {
      const write = (text: string): void => void place.out.stderr.write(text);
      return await askForm(params, { lines: place.lines(), write, style: place.out.errStyle, signal: context.signal });
    } finally {
      place.prompting(false);
    }
  };
}

function roots(place: HandlerPlace): ClientHandlers['roots'] {
  // With --cli or --format, roots are offered (none, unless --root names some) as the Inspector offers them.
  if (place.options.roots.length === 0 && place.options.inspector === undefined) return undefined;
  const list = place.options.roots.map((folder) => {
    const path = resolve(place.cwd, folder);
    return { uri: pathToFileURL(path).href, name: basename(path) || path };
  });
  return () => ({ roots: list });
}

/**
 * The answers the tool gives to the server's requests. A handler exists, and its capability is advertised, only
 * where the tool can answer: elicitation with `--elicit` or somebody at a terminal (URL elicitations print the URL),
 * roots with `--root`, sampling with a model endpoint (`OPENAI_BASE_URL`, `OPENAI_MODEL`) and `--sampling` or somebody at a
 * terminal to approve.
 */
export function cliHandlers(place: HandlerPlace): ClientHandlers {
  const sampling = samplingHandler({
    env: place.env,
    answer: place.options.sampling,
    interactive: place.interactive,
    lines: place.lines,
    write: (text) => void place.out.stderr.write(text),
    prompting: place.prompting,
  });
  const handlers = { elicitation: elicitation(place), roots: roots(place), sampling };
  return Object.fromEntries(Object.entries(handlers).filter(([, handler]) => handler !== undefined)) as ClientHandlers;
}
