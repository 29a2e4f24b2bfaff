// Helpers of the command line specs: in-process runs of `runCli` in a temporary HOME, and the servers they talk to.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli/run.js';
import type { CliIo, CliResult } from '../../../src/cli/io.js';
import { exampleServerFile, launch, type LaunchedServer } from '../../fixtures/official/launch.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { EVERYTHING_ENTRY } from '../../helpers/everything.js';

/** `-- <command>` of the bundled example server over stdio (through tsx). */
export const EXAMPLE_STDIO: readonly string[] = ['--', process.execPath, '--import', 'tsx', exampleServerFile('example-server.ts')];
/** `-- <command>` of the command line fixture server (spec/fixtures/servers/cli-server.mjs). */
export const CLI_SERVER: readonly string[] = ['--', process.execPath, fixtureServer('cli-server')];
/** `-- <command>` of server-everything over stdio. */
export const EVERYTHING_STDIO: readonly string[] = ['--', process.execPath, EVERYTHING_ENTRY, 'stdio'];

/** A temporary HOME (so that no real configuration or token file is read or written). */
export interface TempHome {
  readonly path: string;
  remove(): Promise<void>;
}

export async function tempHome(): Promise<TempHome> {
  const path = await mkdtemp(join(tmpdir(), 'rxmcp-cli-home-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** What `withExampleHttpServer` gives a describe block: set before its first spec runs. */
export interface ExampleHttpFixture {
  /** The temporary HOME of the runs. */
  home: TempHome;
  /** The example server's Streamable HTTP endpoint. */
  url: string;
}

/**
 * For the describe block it is called in: a temporary HOME and the bundled example server over Streamable HTTP,
 * started before its specs and removed after them.
 */
export function withExampleHttpServer(): ExampleHttpFixture {
  const fixture = {} as ExampleHttpFixture;
  let server: LaunchedServer | undefined;
  beforeAll(async () => {
    fixture.home = await tempHome();
    server = await launch(exampleServerFile('http.ts'));
    fixture.url = server.url;
  }, 15_000);
  afterAll(async () => {
    await server?.close();
    await fixture.home?.remove();
  });
  return fixture;
}

/** The environment of a run: PATH and the temporary HOME only. */
export function envOf(home: TempHome, extra: Readonly<Record<string, string>> = {}): Record<string, string | undefined> {
  return { PATH: process.env['PATH'], HOME: home.path, XDG_CONFIG_HOME: join(home.path, '.config'), ...extra };
}

/** Runs the tool in process, in `home`, with standard output and error collected. */
export function cli(home: TempHome, argv: readonly string[], io: CliIo = {}): Promise<CliResult> {
  return runCli(argv, { cwd: home.path, ...io, env: { ...envOf(home), ...io.env } });
}

/** The one JSON value a `--json` run wrote to standard output. */
export function jsonOf(result: CliResult): Record<string, unknown> {
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The one JSON error line a `--json` run wrote to standard error. */
export function errorOf(result: CliResult): { step: string; message: string; exitCode: number; hint?: string; details?: Record<string, unknown> } {
  const lines = result.stderr.trim().split('\n');
  expect(lines.length).withContext(result.stderr).toBe(1);
  return (JSON.parse(lines[0] as string) as { error: ReturnType<typeof errorOf> }).error;
}

/** The NDJSON lines of standard output. */
export function eventsOf(text: string): Record<string, unknown>[] {
  return text.trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A writable stream that records what is written and lets a spec wait for a line. */
export interface LiveStream {
  readonly write: (chunk: string) => boolean;
  readonly isTTY: boolean;
  readonly text: () => string;
  /** Resolves when the text so far matches `pattern` (rejects after `ms`). */
  until(pattern: RegExp, ms?: number): Promise<void>;
}

export function liveStream(isTTY = false): LiveStream {
  let text = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  const check = (): void => {
    for (const waiter of [...waiting]) {
      if (waiter.pattern.test(text)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  return {
    write: (chunk) => {
      text += chunk;
      check();
      return true;
    },
    isTTY,
    text: () => text,
    until: (pattern, ms = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms in:\n${text}`)), ms);
        waiting.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
        check();
      }),
  };
}

/** True when `text` holds an ANSI escape sequence. */
export const hasEscapes = (text: string): boolean => text.includes('\x1b[');
