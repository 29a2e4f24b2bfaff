// `rxmcp ui` from the packed tarball, in Chromium: a task run from the Tasks panel (the example server with tasks,
// over Streamable HTTP and over stdio with --tasks), an MCP App from npm rendered in the backend's sandbox origin (its second port) over stdio and
// over HTTP, and the sandbox refusing a page on any other origin.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer, type AppServer } from '../../../examples/dashboard/server/app-server.js';
import { startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { EXAMPLE_STDIO } from '../cli/helpers.js';
import { frameSandboxFromElsewhere, pickTool, runTool } from '../dashboard/browser.js';
import { packedUiSuite, uiPages } from './harness.js';
import { startUi, type RunningUi } from './launch.js';

const SPEC_MS = 40_000;
/** The command of `@modelcontextprotocol/server-basic-vanillajs` (its `bin` sits beside its exported module). */
const APP_ENTRY = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-basic-vanillajs')), 'index.js');

/** The backend's `config.json` (the sandbox origin), fetched with the run's token. */
async function sandboxOriginOf(ui: RunningUi): Promise<string> {
  const url = new URL(ui.url);
  const config = await fetch(`${url.origin}/config.json?token=${url.searchParams.get('token') ?? ''}`);
  return ((await config.json()) as { sandboxOrigin: string }).sandboxOrigin;
}

describe('rxmcp ui from the packed tarball: tasks and MCP Apps', () => {
  const suite = packedUiSuite();
  const pages = uiPages(suite);
  const open = pages.open;

  /** Runs `research` as a task: its status stream, its question answered on the page, then its result. */
  const runResearch = async (p: Page): Promise<void> => {
    await pickTool(p, 'research');
    await p.fill('.tool-detail [data-path="topic"]', 'tides');
    await p.click('.tool-detail .run-task');
    await p.waitForSelector('.task[data-status="input_required"]');
    await p.fill('.request-queue .elicitation-form [data-path="angle"]', 'historical');
    await p.click('.request-queue .elicitation-form .accept');
    await p.waitForSelector('.task[data-status="completed"]');
    const task = p.locator('.task').first();
    expect(await task.locator('.step-status').allInnerTexts()).toEqual(['working', 'input_required', 'working', 'completed']);
    expect(await task.locator('.result').innerText()).toContain('Report on tides, from the historical angle.');
  };

  /** Starts `research` as a task and cancels it from its Cancel button. */
  const cancelResearch = async (p: Page): Promise<void> => {
    await pickTool(p, 'research');
    await p.fill('.tool-detail [data-path="topic"]', 'rivers');
    await p.click('.tool-detail .run-task');
    await p.waitForSelector('.task .cancel-task:not([disabled])');
    await p.click('.task .cancel-task');
    await p.waitForSelector('.task[data-status="cancelled"]');
    expect(await p.locator('.task').first().locator('.result').count()).toBe(0);
  };

  describe('the example server with tasks over Streamable HTTP', () => {
    let ui: RunningUi;
    let server: ExampleHttpServer;
    beforeAll(async () => {
      server = await startExampleHttpServer({ port: 0, tasks: true });
      ui = await startUi(suite.project, [server.url], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
      await server?.close();
    });

    it('runs a task from the Tasks panel: its status stream, its question answered on the page, then its result', async () => {
      await runResearch(await open(ui));
    }, SPEC_MS);

    it('cancels a running task from the Tasks panel', async () => {
      await cancelResearch(await open(ui));
    }, SPEC_MS);
  });

  describe('the example server with tasks over stdio (-- node …example-server… --tasks)', () => {
    let ui: RunningUi;
    beforeAll(async () => {
      ui = await startUi(suite.project, [...EXAMPLE_STDIO, '--tasks'], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
    });

    it('runs a task through the WebSocket relay: its status stream, its question answered on the page, then its result', async () => {
      const p = await open(ui);
      await p.waitForSelector('.tool-list li[data-tool="countdown"]');
      await runResearch(p);
    }, SPEC_MS);

    it('cancels a running task through the WebSocket relay', async () => {
      await cancelResearch(await open(ui));
    }, SPEC_MS);
  });

  /** Calls get-time, checks the app is framed from the sandbox origin, and proxies the app's own call after approval. */
  const renderApp = async (p: Page, sandboxOrigin: string): Promise<void> => {
    const call = await runTool(p, 'get-time');
    await p.waitForSelector(`${call}.done`);
    const frame = p.locator(`${call} .app-frame`);
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(sandboxOrigin);
    const view = p.frameLocator(`${call} .app-frame`).frameLocator('iframe');
    expect(await view.locator('#server-time').innerText()).toMatch(/^\d{4}-\d\d-\d\dT/);
    await view.locator('#get-time-btn').click();
    await p.waitForSelector(`${call} .approval`);
    await p.click(`${call} .approval .allow`);
    await p.waitForSelector(`.call.done:has-text("from the app of #${call.match(/\d+/)?.[0]}")`);
  };

  describe('@modelcontextprotocol/server-basic-vanillajs over stdio', () => {
    let ui: RunningUi;
    let sandboxOrigin = '';
    beforeAll(async () => {
      ui = await startUi(suite.project, ['--', process.execPath, APP_ENTRY, '--stdio'], suite.home.path);
      sandboxOrigin = await sandboxOriginOf(ui);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
    });

    it('renders its MCP App in the sandbox on the backend\'s second port and proxies the app\'s tool call after approval', async () => {
      const p = await open(ui);
      expect(sandboxOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandboxOrigin).not.toBe(new URL(ui.url).origin);
      await renderApp(p, sandboxOrigin);
    }, SPEC_MS);

    it('gives no app to a page on another origin that frames the sandbox', async () => {
      expect(await frameSandboxFromElsewhere(suite.browser, sandboxOrigin)).toEqual({ heard: [], frames: 0 });
    }, SPEC_MS);
  });

  describe('@modelcontextprotocol/server-basic-vanillajs over Streamable HTTP', () => {
    let ui: RunningUi;
    let app: AppServer;
    beforeAll(async () => {
      app = await startAppServer();
      ui = await startUi(suite.project, [app.url], suite.home.path);
    }, 30_000);
    afterAll(async () => {
      await ui?.stop();
      await app?.close();
    });

    it('renders its MCP App in the sandbox on the backend\'s second port', async () => {
      const p = await open(ui);
      await renderApp(p, await sandboxOriginOf(ui));
    }, SPEC_MS);
  });
});

