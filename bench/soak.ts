// `npm run soak`: the client over hours' worth of traffic in minutes, against the bundled example server
// (examples/server), each run with tools$, resources$ and a resource watch open the whole time:
//
//   stdio  100 000 calls, 500 forced reconnects (the server process killed; the client re-spawns it by itself)
//   http   100 000 calls over Streamable HTTP, 500 forced reconnects (the server process killed and restarted)
//   lb      10 000 calls, 100 in flight, through nginx to two stateless instances, one killed (and restarted)
//          every 2 000 calls, with the three-round tool `introduce`
//
// Checks: every call settles (a result, or a typed error that is no timeout, at most `inFlight` per reconnect);
// the heap after warm-up stays flat (least-squares slope of heapUsed after gc(), bytes per 1000 calls); after
// close() the live subscriptions (transport connections, exchanges, outbound streams, calls, live streams) are 0
// and process.getActiveResourcesInfo() is back to its count from before the client. Prints a summary; exits 1 when
// a check fails. Not part of npm test (it takes minutes).
//
//   npm run soak -- [--runs stdio,http,lb] [--calls 100000] [--reconnects 500] [--lb-calls 10000] [--in-flight 32]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { streamableHttp, type Client, type FetchLike } from 'rxmcp';
import { stdio, type StdioTransport } from 'rxmcp/node';
import { startNginx } from '../spec/helpers/nginx.js';
import { canCollect } from './soak/instrument.js';
import { soak, type RunReport } from './soak/load.js';
import { bundleServers, HttpServerProcess } from './soak/servers.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < argv.length ? (argv[at + 1] as string) : fallback;
};
const RUNS = option('runs', 'stdio,http,lb').split(',');
const CALLS = Number(option('calls', '100000'));
const RECONNECTS = Number(option('reconnects', '500'));
const LB_CALLS = Number(option('lb-calls', '10000'));
const IN_FLIGHT = Number(option('in-flight', '32'));
const KEY = 'rxmcp-soak-request-state-key-0123456789abcdef';

/** The mix of calls: mostly `add`, a `bump` every 100 (the watch follows), `toggle_tool` every 1000, `greet` every 200. */
function exampleCall(client: Client, index: number) {
  if (index % 1000 === 999) return client.callTool('toggle_tool');
  if (index % 200 === 199) return client.callTool('greet');
  if (index % 100 === 99) return client.callTool('bump');
  return client.callTool('add', { a: index, b: 1 });
}

/** Counts the requests of one method that go through `fetch` (the listen streams, re-opened after each drop). */
function countingFetch(method: string): { fetch: FetchLike; count: () => number } {
  let count = 0;
  const fetch: FetchLike = (input, init) => {
    const headers = new Headers(init?.headers);
    if (headers.get('mcp-method') === method) count += 1;
    return globalThis.fetch(input, init);
  };
  return { fetch, count: () => count };
}

async function stdioRun(file: string): Promise<RunReport> {
  let transport: StdioTransport | undefined;
  let spawned = 0;
  return soak({
    name: 'stdio', calls: CALLS, inFlight: IN_FLIGHT, reconnects: RECONNECTS, call: exampleCall,
    transport: () => {
      transport = stdio({ command: process.execPath, args: [file] });
      transport.processes$.subscribe(() => (spawned += 1));
      return transport;
    },
    forceReconnect: async () => {
      const pid = transport?.health().pid;
      const next = firstValueFrom((transport as StdioTransport).processes$);
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
      await next;
    },
    opened: () => spawned,
  });
}

async function httpRun(file: string): Promise<RunReport> {
  const server = new HttpServerProcess(file);
  await server.start();
  const listens = countingFetch('subscriptions/listen');
  try {
    return await soak({
      name: 'http', calls: CALLS, inFlight: IN_FLIGHT, reconnects: RECONNECTS, call: exampleCall,
      transport: () => streamableHttp(server.url, { fetch: listens.fetch }),
      forceReconnect: async () => {
        await server.kill();
        await server.start();
      },
      opened: listens.count,
    });
  } finally {
    await server.stop();
  }
}

async function lbRun(file: string): Promise<RunReport> {
  const dir = await mkdtemp(join(tmpdir(), 'rxmcp-soak-lb-'));
  const instance = (name: string) => new HttpServerProcess(file, (port) => [String(port), join(dir, 'journal'), name], { EXAMPLE_STATE_KEY: KEY });
  const servers = [instance('a'), instance('b')];
  for (const server of servers) await server.start();
  const nginx = await startNginx(servers.map((server) => server.host));
  const listens = countingFetch('subscriptions/listen');
  let kills = 0;
  try {
    return await soak({
      name: 'lb', calls: LB_CALLS, inFlight: 100, reconnects: Math.max(1, Math.floor(LB_CALLS / 2000) - 1),
      call: (client, index) => (index % 25 === 24 ? client.callTool('introduce') : exampleCall(client, index)),
      transport: () => streamableHttp(`${nginx.origin}/mcp`, { fetch: listens.fetch }),
      forceReconnect: async () => {
        const victim = servers[kills % 2] as HttpServerProcess;
        kills += 1;
        await victim.kill();
        await victim.start();
        await nginx.reload();
      },
      opened: listens.count,
    });
  } finally {
    await nginx.stop();
    for (const server of servers) await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!canCollect) {
  console.error('soak: run with node --expose-gc (npm run soak does)');
  process.exit(2);
}
const files = await bundleServers();
const reports: RunReport[] = [];
for (const run of RUNS) {
  console.log(`soak: ${run}…`);
  if (run === 'stdio') reports.push(await stdioRun(files.stdio));
  else if (run === 'http') reports.push(await httpRun(files.http));
  else if (run === 'lb') reports.push(await lbRun(files.stateless));
  else throw new Error(`unknown run ${run} (stdio, http, lb)`);
  const report = reports.at(-1) as RunReport;
  for (const line of report.lines) console.log(`  ${line}`);
  for (const failure of report.failures) console.log(`  FAILED: ${failure}`);
}
const failed = reports.filter((report) => report.failures.length > 0);
console.log(`soak: ${reports.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
