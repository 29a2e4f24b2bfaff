// Events that survive a dropped connection and a killed client process: a subscriber process (its cursor in a file,
// fileCursorStore) follows an event type of the example server through a TCP relay on 127.0.0.1; the relay cuts
// every connection mid-stream, then the process is killed (SIGKILL) and started again. Every occurrence is
// delivered once and in order across both processes, and where the server's buffer moved past the saved cursor
// meanwhile, the restarted subscription says so with a truncated notice first.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';

const TICK_MS = 40;
const SUBSCRIBER = fileURLToPath(new URL('../fixtures/events/subscriber.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Line = { readonly type: 'event'; readonly n: number } | { readonly type: 'truncated'; readonly cursor: string | null };

/** A TCP relay to `port` on 127.0.0.1 whose open connections can all be cut at once. */
async function relay(port: number): Promise<{ url: (path: string) => string; cut: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const cut = () => {
    const count = sockets.size;
    for (const socket of sockets) socket.destroy();
    return count;
  };
  return { url: (path) => `http://127.0.0.1:${address.port}${path}`, cut, close: () => (cut(), new Promise((resolve) => server.close(() => resolve()))) };
}

/** A subscriber process: its lines as they come, and a way to wait for more. */
function subscriber(url: string, name: string, file: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SUBSCRIBER, url, name, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as Line);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const events = () => lines.filter((line) => line.type === 'event').length;
  const waitForEvents = async (count: number, withinMs = 15_000) => {
    const deadline = Date.now() + withinMs;
    while (events() < count) {
      if (Date.now() > deadline) throw new Error(`${events()} of ${count} events within ${withinMs} ms; stderr: ${stderr}`);
      await sleep(10);
    }
  };
  const kill = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGKILL'))));
  return { lines, waitForEvents, kill, stderr: () => stderr };
}

const numbersOf = (lines: readonly Line[]) => lines.flatMap((line) => (line.type === 'event' ? [line.n] : []));

describe('events resumed after a dropped connection and a killed client process', () => {
  let events: ExampleEvents;
  let server: ExampleHttpServer;
  let folder: string;
  let link: Awaited<ReturnType<typeof relay>>;

  beforeEach(async () => {
    events = new ExampleEvents({ tickMs: TICK_MS });
    server = await startExampleHttpServer({ events });
    link = await relay(Number(new URL(server.url).port));
    folder = mkdtempSync(join(tmpdir(), 'rxmcp-events-'));
  });
  afterEach(async () => {
    events.stop();
    await link.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('push (example.tick): every occurrence once and in order across a cut connection and a SIGKILL and restart', async () => {
    const file = join(folder, 'cursors.json');
    const first = subscriber(link.url('/mcp'), 'example.tick', file);
    await first.waitForEvents(3);
    expect(link.cut()).toBeGreaterThan(0);
    await first.waitForEvents(8);
    // Between two ticks, not right after one: the process dies with its last occurrence saved.
    await sleep(TICK_MS / 2);
    await first.kill();
    await sleep(TICK_MS * 5);
    const second = subscriber(link.url('/mcp'), 'example.tick', file);
    await second.waitForEvents(4);
    await second.kill();
    const all = [...numbersOf(first.lines), ...numbersOf(second.lines)];
    expect(all).withContext(`first: ${JSON.stringify(first.lines)} second: ${JSON.stringify(second.lines)}`).toEqual(all.map((_, index) => all[0]! + index));
    expect(second.lines.some((line) => line.type === 'truncated')).toBeFalse();
  }, 60_000);

  it('poll (example.bounded): once and in order across the restart, with truncated first where the buffer moved past the saved cursor', async () => {
    const file = join(folder, 'cursors.json');
    const first = subscriber(link.url('/mcp'), 'example.bounded', file);
    await first.waitForEvents(3);
    expect(link.cut()).toBeGreaterThan(0);
    await first.waitForEvents(5);
    await sleep(TICK_MS / 2);
    await first.kill();
    // Away for longer than the five occurrences the source keeps.
    await sleep(TICK_MS * 12);
    const second = subscriber(link.url('/mcp'), 'example.bounded', file);
    await second.waitForEvents(4);
    await second.kill();
    const before = numbersOf(first.lines);
    const after = numbersOf(second.lines);
    expect(before).toEqual(before.map((_, index) => before[0]! + index));
    expect(second.lines[0]?.type).withContext(JSON.stringify(second.lines)).toBe('truncated');
    expect(after).toEqual(after.map((_, index) => after[0]! + index));
    expect(after[0]).toBeGreaterThan(before.at(-1)! + 1);
  }, 60_000);
});
