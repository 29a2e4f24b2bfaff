// Starting the fault server (spec/fixtures/servers/fault/) for the fault specs: over stdio through the public
// `stdio` transport, or as an HTTP server process on 127.0.0.1, port 0. Either way the spec learns the moment a
// fault strikes: the server says `FAULT <kind>` on stderr (stdio) or `FAULT {"run":…}` on stdout (HTTP).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom, map, take } from 'rxjs';
import { stdio, type StdioOptions, type StdioTransport } from '../../../src/node/index.js';
import { launch } from '../../fixtures/official/launch.js';
import { afterRun } from '../after-run.js';

/** Absolute path of a file of the fault server. */
export function faultServerFile(name: 'stdio.mjs' | 'http.mjs'): string {
  return fileURLToPath(new URL(`../../fixtures/servers/fault/${name}`, import.meta.url));
}

/** Fault parameters (see spec/fixtures/servers/fault/faults.mjs). */
export type FaultParams = Readonly<Record<string, string | number | boolean | undefined>>;

const now = (): number => performance.now();

/** A stdio transport running the fault server, and the moment its fault struck. */
export interface StdioFaultServer {
  readonly transport: StdioTransport;
  /** Resolves with `performance.now()` when the server announced its fault; rejects after `withinMs`. */
  faultAt(withinMs?: number): Promise<number>;
  /** Removes the scratch folder (the `once` file). */
  cleanUp(): void;
}

/**
 * The fault server over stdio with `params` as `--name=value` arguments. A `once` file in a scratch folder makes
 * the fault strike once across restarts. Shutdown graces are short so that the specs stay fast.
 */
export function stdioFaultServer(params: FaultParams, options: Partial<StdioOptions> = {}): StdioFaultServer {
  const scratch = mkdtempSync(join(process.env['TMPDIR'] ?? tmpdir(), 'rxmcp-fault-'));
  const withOnce: FaultParams = { once: join(scratch, 'struck'), ...params };
  const args = Object.entries(withOnce)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `--${name}=${value === true ? '1' : value === false ? '0' : String(value)}`);
  const transport = stdio({ command: process.execPath, args: [faultServerFile('stdio.mjs'), ...args], closeGraceMs: 200, termGraceMs: 200, ...options });
  const struck = firstValueFrom(transport.stderr$.pipe(filter((line) => line.startsWith('FAULT ')), take(1), map(now)));
  struck.catch(() => undefined);
  return {
    transport,
    faultAt: (withinMs = 5000) => Promise.race([struck, rejectAfter(withinMs, `the stdio fault server announced no fault within ${withinMs} ms`)]),
    cleanUp: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

function rejectAfter(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}

/** What the HTTP fault server logged of one HTTP request. */
export interface LoggedRequest {
  readonly http: 'GET' | 'POST' | 'DELETE' | string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly rpc?: string;
  readonly id?: string | number;
  readonly name?: string;
  readonly status?: number;
  readonly closedEarly: boolean;
}

/** What the control endpoint tells about a run. */
export interface RunReport {
  readonly log: readonly LoggedRequest[];
  readonly faults: readonly { readonly kind: string; readonly victimId?: string | number }[];
  readonly initializes: number;
}

/** A running HTTP fault server process. */
export interface HttpFaultServer {
  /** The MCP endpoint of a new run with these parameters (`shape`, `fault`, …); `run` names it. */
  url(run: string, params: FaultParams): string;
  /** Resolves with `performance.now()` when the run's fault struck; rejects after `withinMs`. */
  faultAt(run: string, withinMs?: number): Promise<number>;
  /** The run's log, from the control endpoint. */
  report(run: string): Promise<RunReport>;
  close(): Promise<void>;
}

function query(params: FaultParams): string {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return entries.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value === true ? '1' : value === false ? '0' : String(value))}`).join('&');
}


/** The moments the runs' faults struck, as the server's `FAULT` lines tell them. */
class FaultClock {
  private readonly struck = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();

  /** Notes a `FAULT {"run":…}` line that arrived at `at`. */
  note(line: string, at: number): void {
    const { run } = JSON.parse(line.slice('FAULT '.length)) as { run: string };
    this.struck.set(run, at);
    this.waiting.get(run)?.(at);
  }

  faultAt(run: string, withinMs: number): Promise<number> {
    const known = this.struck.get(run);
    if (known !== undefined) return Promise.resolve(known);
    const announced = new Promise<number>((done) => this.waiting.set(run, done));
    return Promise.race([announced, rejectAfter(withinMs, `run ${run}: no fault struck within ${withinMs} ms`)]);
  }
}

/** Calls `onLine(line, at)` for every line of `child`'s stdout, `at` being when its chunk arrived. */
function onStdoutLines(child: ChildProcess, onLine: (line: string, at: number) => void): void {
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const at = now();
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line, at);
  });
}

/** Launches `http.mjs` (waiting at most 10 s for its `LISTENING` line), then follows its `FAULT` lines. */
export async function startHttpFaultServer(): Promise<HttpFaultServer> {
  const server = await launch(faultServerFile('http.mjs'));
  server.child.stderr?.on('data', (chunk: string) => process.stderr.write(chunk)); // shown, as when it was inherited
  const clock = new FaultClock();
  onStdoutLines(server.child, (line, at) => (line.startsWith('FAULT ') ? clock.note(line, at) : undefined));
  return {
    url: (run, params) => `${server.url}?${query({ run, ...params })}`,
    faultAt: (run, withinMs = 5000) => clock.faultAt(run, withinMs),
    report: async (run) => (await (await fetch(new URL(`/control/${encodeURIComponent(run)}`, server.url))).json()) as RunReport,
    close: server.close,
  };
}

let shared: Promise<HttpFaultServer> | undefined;

/** The HTTP fault server of this spec run, started on first use and stopped after all specs. */
export function httpFaultServer(): Promise<HttpFaultServer> {
  return (shared ??= startHttpFaultServer());
}

afterRun(async () => {
  if (shared !== undefined) await (await shared).close();
  shared = undefined;
});

/** A run id unique within this process. */
let runs = 0;
export function runId(label: string): string {
  runs += 1;
  return `${label.replace(/[^a-z0-9-]+/gi, '-')}-${runs}`;
}

/** Waits for `promise`, failing after `ms` with `what` (so that a hang fails fast). */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, rejectAfter(ms, `${what}: no answer within ${ms} ms`)]);
}

/** Polls a run's log (every 20 ms, at most `ms`) until `test` holds; answers the last report either way. */
export async function reportWhen(server: HttpFaultServer, run: string, test: (report: RunReport) => boolean, ms = 3000): Promise<RunReport> {
  const deadline = performance.now() + ms;
  for (;;) {
    const report = await server.report(run);
    if (test(report) || performance.now() > deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
