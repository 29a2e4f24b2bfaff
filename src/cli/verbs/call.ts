import { filter, firstValueFrom, map, race, take, timer, tap, type Observable } from 'rxjs';
import type { CallEvent, CallToolResult, Tool } from '../../index.js';
import { argumentsJson, parsePairs, toolArguments } from '../coerce.js';
import type { Connection } from '../connection.js';
import { InterruptedError, NotFoundError, UsageError } from '../errors.js';
import { EXIT } from '../failure.js';
import { toolIsError } from '../inspector.js';
import { readAll } from '../io.js';
import { NO_PROGRESS_BAR, progressBar, type ProgressBar } from '../progress-bar.js';
import { callText } from '../render.js';
import { lastUnlessInterrupted, type Run } from '../run-context.js';
import type { Schema } from '../schema-check.js';
import { listing } from './catalog.js';
import type { WatchStream } from './watch-events.js';
import { forRevision } from './shape.js';

/** The JSON object of arguments given as `--tool-args-json` or on standard input (`-`). */
export async function baseArguments(run: Run, operands: readonly string[]): Promise<Record<string, unknown>> {
  const fromStdin = operands.includes('-') || run.command.argsJson === '-';
  if (fromStdin) return argumentsJson(await readAll(run.io.stdin), 'Standard input');
  return run.command.argsJson === undefined ? {} : argumentsJson(run.command.argsJson, '--tool-args-json');
}

async function findTool(run: Run, connection: Connection, name: string): Promise<Tool> {
  const tools = (await listing(run, connection, 'tools'))['tools'] as Tool[];
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new NotFoundError('tool', name, tools.map((candidate) => candidate.name));
  return tool;
}

/** Resolves once the cancellation of an interrupted call has been handed to the transport (or after 250 ms). */
function cancellationSent(connection: Connection): Promise<unknown> {
  const sent$ = connection.client.session.frames$.pipe(
    filter((event) => event.direction === 'out' && (event.frame.message as { method?: string }).method === 'notifications/cancelled'),
    take(1),
  );
  return firstValueFrom(race(sent$, timer(250)), { defaultValue: undefined });
}

function finish(run: Run, connection: Connection, result: CallToolResult, stream: WatchStream | undefined, name: string): number {
  if (stream !== undefined) stream.emit({ kind: 'result', result: forRevision(connection.server(), result) });
  else if (run.out.json) run.out.value(forRevision(connection.server(), result));
  else for (const line of callText(result, run.out.style)) run.out.line(line);
  if (result.isError === true && run.command.options.inspector !== undefined) return run.out.fail(toolIsError(name));
  if (result.isError === true) {
    run.out.note(run.out.errStyle(['red', 'bold'], 'The tool reported an error (isError)'));
    return EXIT.tool;
  }
  return EXIT.ok;
}

function observeEvents(events$: Observable<CallEvent<CallToolResult>>, bar: ProgressBar, stream: WatchStream | undefined): Observable<CallToolResult> {
  return events$.pipe(
    tap((event) => {
      if (event.type === 'progress') {
        bar.update(event);
      } else if (event.type === 'input-required') {
        stream?.emit({ kind: 'input-required', round: event.round, inputRequests: event.inputRequests });
      }
    }),
    filter((event): event is { type: 'result'; result: CallToolResult } => event.type === 'result'),
    map((event) => event.result),
  );
}

/** How `call` shows what happens while it runs. */
export interface CallDisplay {
  /** `--watch`: every event as NDJSON, then the result. */
  readonly stream: WatchStream | undefined;
  /** Draw a progress bar on stderr (a terminal, neither `--json` nor `--watch`). */
  readonly bar: boolean;
  /** Told the bar in use, so that prompts can take it off the screen. */
  readonly barInUse: (bar: ProgressBar) => void;
}

/**
 * `call <tool> [k=v …]`: arguments typed by the tool's input schema and checked before anything is sent, the call
 * with a progress token, a progress bar on a terminal (or, with `--watch`, every progress report and log message as
 * NDJSON before the result). Exits 5 when the tool reports `isError` or does not exist; Ctrl-C cancels the call on
 * the wire.
 */
export async function callVerb(run: Run, connection: Connection, display: CallDisplay): Promise<number> {
  const { stream } = display;
  const [name, ...rest] = run.command.operands;
  if (name === undefined) throw new UsageError('call needs a tool name: rxmcp <target> call <tool> [key=value …]');
  const base = await baseArguments(run, rest);
  const tool = await findTool(run, connection, name);
  const args = toolArguments(parsePairs(rest.filter((operand) => operand !== '-')), base, tool.inputSchema as Schema);
  const bar = display.bar ? progressBar(run.out.stderr, run.out.errStyle) : NO_PROGRESS_BAR;
  display.barInUse(bar);
  const cancelled = cancellationSent(connection);
  try {
    const events$ = connection.client.callToolEvents(name, args, { tool, progress: true });
    const result = await lastUnlessInterrupted(run, observeEvents(events$, bar, stream), undefined);
    bar.done();
    if (result === undefined) throw new UsageError(`The call of ${name} ended without a result`);
    return finish(run, connection, result, stream, name);
  } catch (error) {
    bar.done();
    if (InterruptedError.is(error)) {
      await cancelled;
      throw new InterruptedError(`Interrupted: the call of ${name} was cancelled`);
    }
    throw error;
  }
}

