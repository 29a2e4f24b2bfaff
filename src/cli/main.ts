#!/usr/bin/env node
// The rxmcp command line tool: `npx rxmcp <target> <verb> …` (see `rxmcp --help`).
import { runCli } from './run.js';

const interrupt = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts += 1;
  // The first Ctrl-C cancels what runs and ends cleanly; a second one does not wait.
  if (interrupts > 1) process.exit(130);
  interrupt.abort();
});

// `rxmcp ui` runs until stopped: SIGTERM stops it as Ctrl-C does, ending the servers it spawned.
if (process.argv[2] === 'ui') process.once('SIGTERM', () => interrupt.abort());

// A reader that stops early (`rxmcp … | head`) closes the pipe: that ends the run, it is no error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? 0 : 1));
}

const flushed = (stream: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => stream.write('', () => resolve()));

runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: interrupt.signal,
})
  .then(async ({ exitCode }) => {
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit(exitCode);
  })
  .catch((error: unknown) => {
    process.stderr.write(`rxmcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
