// One measurement of `npm run bench`, in a fresh process: node bench/worker.mjs <client> <case> <server> [root]
// (root: an rxmcp client from that checkout, bench/checkout.mjs).
// It loads the client (bench/clients.mjs; the time it takes is `importMs`), starts the echo server for HTTP cases,
// runs the case (bench/cases.mjs) and prints one JSON line, with the process's peak RSS (`rssMB`). It imports
// nothing else, so that the RSS figures are the client's and Node's, not the harness's.
import { spawn } from 'node:child_process';
import { CASES, measureCase } from './cases.mjs';
import { CLIENTS, ECHO_SERVER } from './clients.mjs';

async function startHttpServer(server) {
  const child = spawn(process.execPath, [ECHO_SERVER, `${server}-http`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /listening (\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill('SIGTERM') };
}

async function worker(clientName, caseName, server, root) {
  const started = performance.now();
  const adapter = await CLIENTS[clientName].load(root);
  const importMs = performance.now() - started;
  const http = CASES[caseName].transport === 'http' ? await startHttpServer(server) : undefined;
  const target = http ? { url: http.url } : { stdio: [process.execPath, ECHO_SERVER, `${server}-stdio`] };
  try {
    const result = await measureCase(caseName, () => adapter.open(target));
    const rssMB = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify({ ...result, importMs, rssMB })}\n`);
  } finally {
    http?.stop();
  }
  process.exit(0);
}

const [clientName, caseName, server = 'sdk', root] = process.argv.slice(2);
await worker(clientName, caseName, server, root);
