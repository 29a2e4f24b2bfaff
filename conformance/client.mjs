#!/usr/bin/env node
// The client the official MCP conformance suite drives: `node conformance/client.mjs <server-url>`, run from the
// repository root after `npm run build`. The suite names the scenario in MCP_CONFORMANCE_SCENARIO, hands over
// scenario data in MCP_CONFORMANCE_CONTEXT (JSON) and, from 0.2.0 on, the revision to speak in
// MCP_CONFORMANCE_PROTOCOL_VERSION. Exit 0: the scenario ran to its end; anything else: it failed.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SCENARIOS } from './scenarios.mjs';

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const EXIT_UNSUPPORTED = 3;
/** Below the suite's default 30 s per scenario, so that a stuck scenario ends here, with a message. */
const DEADLINE_MS = 25_000;
const AUTH_GLUE = fileURLToPath(new URL('./auth-scenarios.mjs', import.meta.url));

function readContext() {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  if (raw === undefined || raw === '') return {};
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new Error(`MCP_CONFORMANCE_CONTEXT is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runAuth(run) {
  if (!existsSync(AUTH_GLUE)) {
    console.error(`${run.scenario}: OAuth scenarios need conformance/auth-scenarios.mjs, which does not exist yet`);
    return EXIT_UNSUPPORTED;
  }
  const { default: runAuthScenario } = await import(pathToFileURL(AUTH_GLUE).href);
  if (typeof runAuthScenario !== 'function') {
    console.error('conformance/auth-scenarios.mjs has no default export runAuthScenario');
    return EXIT_UNSUPPORTED;
  }
  await runAuthScenario(run);
  return 0;
}

async function main() {
  const url = process.argv[2];
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  if (!url || !scenario) {
    console.error('usage: MCP_CONFORMANCE_SCENARIO=<name> node conformance/client.mjs <server-url>');
    return EXIT_USAGE;
  }
  const run = { url, scenario, context: readContext(), protocolVersion: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION || undefined };
  if (scenario.startsWith('auth/')) return runAuth(run);
  const play = SCENARIOS[scenario];
  if (!play) {
    console.error(`${scenario}: this client has no glue for the scenario`);
    return EXIT_UNSUPPORTED;
  }
  await play(run);
  return 0;
}

setTimeout(() => {
  console.error(`${process.env.MCP_CONFORMANCE_SCENARIO}: gave up after ${DEADLINE_MS} ms`);
  process.exit(EXIT_FAILED);
}, DEADLINE_MS).unref();

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    if (error && typeof error === 'object' && 'cause' in error && error.cause) console.error('cause:', error.cause);
    process.exit(EXIT_FAILED);
  },
);
