// `rxmcp ui` from the packed tarball with a 2025-era HTTP server as its target: the page's first visit (empty
// storage) has no console error, because the backend learned the server's era from Node and the page speaks to it with
// `initialize` at once (no `server/discover` probe for the browser to report as a failed 400).
import type { ConsoleMessage, Page } from 'playwright-core';
import { createExampleServer, ExampleState } from '../../../examples/server/example-server.js';
import { serveMcpHandler, startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { LegacySessions } from '../../../examples/server/legacy-sessions.js';
import { packedUiSuite } from './harness.js';
import { startUi, type RunningUi } from './launch.js';

describe('rxmcp ui from the packed tarball: the first visit\'s console', () => {
  const suite = packedUiSuite();
  let page: Page | undefined;

  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  /** Opens the printed URL in a fresh context (empty storage), collecting console errors and discover probes. */
  const visit = async (ui: RunningUi): Promise<{ errors: string[]; probes: string[] }> => {
    const context = await suite.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
    const errors: string[] = [];
    const probes: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('"server/discover"')) probes.push(request.url());
    });
    page.setDefaultTimeout(15_000);
    await page.goto(ui.url);
    await page.waitForSelector('.status.ready');
    await page.waitForSelector('.tool-list li[data-tool="add"]');
    return { errors, probes };
  };

  it('connects to a 2025-era server at once with initialize: no discover probe, no console error', async () => {
    const legacy = await serveMcpHandler(new LegacySessions(() => createExampleServer({ era: 'legacy', state: new ExampleState() })), 0);
    const ui = await startUi(suite.project, [legacy.url], suite.home.path);
    try {
      const { errors, probes } = await visit(ui);
      expect(await page?.locator('.state .revision').innerText()).toBe('MCP 2025-11-25 (legacy)');
      expect(probes).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ui.stop();
      await legacy.close();
    }
  }, 40_000);

  it('still speaks 2026-07-28 to a server of both eras, with no console error', async () => {
    const server: ExampleHttpServer = await startExampleHttpServer({ port: 0 });
    const ui = await startUi(suite.project, [server.url], suite.home.path);
    try {
      const { errors } = await visit(ui);
      expect(await page?.locator('.state .revision').innerText()).toBe('MCP 2026-07-28 (modern)');
      expect(errors).toEqual([]);
    } finally {
      await ui.stop();
      await server.close();
    }
  }, 40_000);
});
