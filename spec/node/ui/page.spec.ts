// `rxmcp ui` from the packed tarball, with the page in headless Chromium: the example server over stdio (relayed by
// the backend's WebSocket) and over Streamable HTTP (the page connects directly), server-everything over stdio.
// Each server is listed, called with a form, cancelled, asked an elicitation, restarted; Ctrl-C ends every child.
import { rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { ExampleState } from '../../../examples/server/example-server.js';
import { until } from '../../helpers/until.js';
import { EXAMPLE_STDIO, EVERYTHING_STDIO } from '../cli/helpers.js';
import { pickTool, runTool } from '../dashboard/browser.js';
import { packedUiSuite, uiPages } from './harness.js';
import { isAlive, startUi, type RunningUi } from './launch.js';

const SPEC_MS = 30_000;

describe('rxmcp ui from the packed tarball, in Chromium', () => {
  const suite = packedUiSuite();
  const pages = uiPages(suite);
  const open = pages.open;

  const callAdd = async (p: Page): Promise<void> => {
    const call = await runTool(p, 'add', { a: '2', b: '40' });
    await p.waitForSelector(`${call}.done`);
    expect(await p.locator(`${call} .structured`).innerText()).toContain('"sum": 42');
  };

  const cancelCountdown = async (p: Page): Promise<void> => {
    const call = await runTool(p, 'countdown', { from: '50', delayMs: '100' });
    await p.waitForSelector(`${call} .percent`);
    await p.click(`${call} .cancel-call`);
    await p.waitForSelector(`${call}.cancelled`);
    expect(await p.locator(`${call} .result`).count()).toBe(0);
  };

  const answerGreet = async (p: Page): Promise<void> => {
    const call = await runTool(p, 'greet');
    await p.waitForSelector(`${call} .server-request.elicitation`);
    await p.fill(`${call} .elicitation-form [data-path="name"]`, 'Ada');
    await p.click(`${call} .elicitation-form .accept`);
    await p.waitForSelector(`${call}.done`);
    expect(await p.locator(`${call} .result`).innerText()).toContain('Hello, Ada!');
  };

  const watchCounter = async (p: Page): Promise<void> => {
    await p.click('.resource-list li[data-uri="example://counter"] .watch-button');
    await p.waitForFunction(() => /^counter: \d+$/.test(document.querySelector('.watch[data-uri="example://counter"] pre')?.textContent ?? ''));
  };

  describe('the example server over stdio (-- node …example-server…)', () => {
    let ui: RunningUi;
    beforeAll(async () => {
      ui = await startUi(suite.project, EXAMPLE_STDIO, suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
    });

    it('lists its tools through the WebSocket relay, calls one from its form, and the page connected with the mcp subprotocol', async () => {
      const p = await open(ui);
      expect(ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}&url=ws%3A%2F%2F127\.0\.0\.1/);
      await p.waitForSelector('.tool-list li[data-tool="countdown"]');
      expect(await p.locator('.state .server-info').innerText()).toBe('rxmcp-example-server 1.0.0');
      await callAdd(p);
    }, SPEC_MS);

    it('cancels a long call, answers an elicitation inline, and watches a resource', async () => {
      const p = await open(ui);
      await cancelCountdown(p);
      await answerGreet(p);
      await watchCounter(p);
    }, SPEC_MS);

    it('recovers when the server process dies: the page reconnects, the backend spawns a new one, and calls work again', async () => {
      const p = await open(ui);
      const before = ui.pids();
      const last = before[before.length - 1] as number;
      process.kill(last, 'SIGKILL');
      await until(() => ui.pids().length > before.length, 20_000, () => `no new spawn: ${ui.log.join('\n')}`, 50);
      await p.waitForSelector('.status.ready');
      await pickTool(p, 'add');
      await callAdd(p);
      expect(isAlive(last)).toBeFalse();
    }, 40_000);
  });

  describe('a server command that can be made to refuse to start', () => {
    let ui: RunningUi;
    let refuse: string;
    beforeAll(async () => {
      refuse = join(suite.home.path, 'refuse-start');
      const [node, ...args] = EXAMPLE_STDIO.slice(1);
      const command = `test -e '${refuse}' && exit 1; exec '${node}' ${args.map((arg) => `'${arg}'`).join(' ')}`;
      ui = await startUi(suite.project, ['--', 'sh', '-c', command], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
      await rm(refuse, { force: true });
    });

    it('reconnects by the policy set in Settings from the next Connect: after the attempts set it stops, disconnected, and Reconnect connects again', async () => {
      const p = await open(ui);
      await p.fill('.page-options input[name="initialDelay"]', '0.2');
      await p.fill('.page-options input[name="maxDelay"]', '0.2');
      await p.fill('.page-options input[name="maxAttempts"]', '2');
      await p.click('.page-options .apply-options');
      // The page still shows the old connection as ready right after the click, and the spawn reaches the log a
      // moment later: wait for the server Reconnect starts before counting.
      const beforeReconnect = ui.pids().length;
      await p.click('.reconnect-button');
      await until(() => ui.pids().length > beforeReconnect, 20_000, () => `no server started by Reconnect: ${ui.log.join('\n')}`, 50);
      await p.waitForSelector('.status.ready');
      const spawned = ui.pids().length;
      await writeFile(refuse, '');
      process.kill(ui.pids()[spawned - 1] as number, 'SIGKILL');
      await until(() => ui.pids().length - spawned >= 2, 20_000, () => `fewer than 2 attempts: ${ui.log.join('\n')}`, 50);
      await p.waitForSelector('.status.disconnected');
      await p.waitForTimeout(1500);
      expect(ui.pids().length - spawned).withContext('servers started after the kill: one per attempt, none after the last').toBe(2);
      await rm(refuse);
      await p.click('.reconnect-button');
      await p.waitForSelector('.status.ready');
      await callAdd(p);
    }, 40_000);
  });

  describe('the example server over Streamable HTTP (a URL target)', () => {
    let ui: RunningUi;
    let server: ExampleHttpServer | undefined;
    const state = new ExampleState();
    let port = 0;
    beforeAll(async () => {
      server = await startExampleHttpServer({ port: 0, state });
      port = Number(new URL(server.url).port);
      ui = await startUi(suite.project, [server.url], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
      await server?.close();
    });

    it('connects directly, lists, calls from a form, cancels, answers an elicitation and watches a resource', async () => {
      const p = await open(ui);
      expect(ui.url).toContain(`&url=${encodeURIComponent(server?.url ?? '')}`);
      await callAdd(p);
      await cancelCountdown(p);
      await answerGreet(p);
      await watchCounter(p);
    }, 40_000);

    it('recovers after the server restarts on its port', async () => {
      const p = await open(ui);
      await server?.close();
      server = undefined;
      await p.waitForSelector('.health.down');
      server = await startExampleHttpServer({ port, state });
      await p.waitForSelector('.health.ok');
      await p.waitForSelector('.status.ready');
      await callAdd(p);
    }, 40_000);
  });

  describe('@modelcontextprotocol/server-everything over stdio', () => {
    let ui: RunningUi;
    beforeAll(async () => {
      ui = await startUi(suite.project, EVERYTHING_STDIO, suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
    });

    it('lists its tools, calls echo from its form, and cancels a long-running operation', async () => {
      const p = await open(ui);
      await p.waitForSelector('.tool-list li[data-tool="trigger-long-running-operation"]');
      const echo = await runTool(p, 'echo', { message: 'hello from the page' });
      await p.waitForSelector(`${echo}.done`);
      expect(await p.locator(`${echo} .result`).innerText()).toContain('hello from the page');
      const long = await runTool(p, 'trigger-long-running-operation', { duration: '30', steps: '30' });
      await p.waitForSelector(`${long} .percent`);
      await p.click(`${long} .cancel-call`);
      await p.waitForSelector(`${long}.cancelled`);
    }, 40_000);

    it('recovers when its process dies', async () => {
      const p = await open(ui);
      const before = ui.pids();
      process.kill(before[before.length - 1] as number, 'SIGKILL');
      await until(() => ui.pids().length > before.length, 20_000, () => `no new spawn: ${ui.log.join('\n')}`, 50);
      await p.waitForSelector('.status.ready');
      const echo = await runTool(p, 'echo', { message: 'back again' });
      await p.waitForSelector(`${echo}.done`);
    }, 40_000);
  });

  describe('a server that sends no CORS headers (the example server behind a proxy that drops them)', () => {
    let ui: RunningUi;
    let server: ExampleHttpServer;
    let proxy: Server;
    let proxyUrl = '';
    const seen: string[] = [];
    beforeAll(async () => {
      server = await startExampleHttpServer({ port: 0 });
      const target = new URL(server.url);
      proxy = createServer((req, res) => {
        seen.push(`${req.method} ${req.headers.origin ?? '-'}`);
        if (req.method === 'OPTIONS') return void res.writeHead(404).end();
        const { origin: _origin, ...headers } = req.headers;
        const forward = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        req.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
      ui = await startUi(suite.project, [proxyUrl], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
      proxy?.closeAllConnections();
      await new Promise((resolve) => proxy?.close(resolve));
      await server?.close();
    });

    it('says the browser could not reach it naming CORS, stops retrying, and connects through the local relay on request', async () => {
      const page = await pages.newPage();
      await page.goto(ui.url);
      await page.waitForSelector('.browser-blocked');
      expect(await page.locator('.browser-blocked').innerText()).toContain(`The browser could not reach ${new URL(proxyUrl).origin}: it sends no CORS headers`);
      await page.waitForSelector('.status.closed');
      const tried = seen.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(seen.length).withContext('requests after the page stopped').toBe(tried);
      await page.click('.relay-button');
      await page.waitForSelector('.status.ready');
      await callAdd(page);
      expect(seen.filter((line) => line.startsWith('POST') && line.endsWith(' -'))).not.toEqual([]);
    }, 40_000);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops on ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} (exit 0) with every server it spawned gone`, async () => {
      const ui = await startUi(suite.project, EXAMPLE_STDIO, suite.home.path);
      try {
        await open(ui);
        await pages.close();
        const pids = ui.pids();
        expect(pids.length).toBeGreaterThan(0);
        expect(await ui.stop(signal)).toBe(0);
        expect(pids.filter(isAlive)).toEqual([]);
        expect(ui.log).toContain('rxmcp ui: stopped');
      } finally {
        await ui.stop('SIGKILL');
      }
    }, 40_000);
  }
});
