import type { Browser, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../../../examples/dashboard/serve.js';
import { until } from '../../helpers/until.js';
import { frameSandboxFromElsewhere, launchChromium, openDashboard, pickTool, runTool } from './browser.js';

const SETUP_MS = 60_000;
const SPEC_MS = 25_000;

/** The dashboard page in headless Chromium against the bundled example server (both eras) and an npm MCP App server. */
describe('dashboard page in Chromium', () => {
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    [dashboard, browser] = await Promise.all([startDashboard({ port: 0 }), launchChromium()]);
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
  }, SETUP_MS);
  afterEach(async () => {
    await page?.close();
    page = undefined;
    expect(errors).toEqual([]);
  });

  const open = async (url: string = dashboard.exampleUrl, query = ''): Promise<Page> => {
    ({ page, errors } = await openDashboard(browser, dashboard, url, query));
    return page;
  };

  it('connects and shows the negotiated server, its revision and its live tool list', async () => {
    const p = await open();
    expect(await p.locator('.state .revision').innerText()).toBe('MCP 2026-07-28 (modern)');
    expect(await p.locator('.state .server-info').innerText()).toBe('rxmcp-example-server 1.0.0');
    await p.waitForSelector('.tool-list li[data-tool="flood"]');
    expect(await p.locator('.tool-list li').count()).toBe(9);
    expect(await p.locator('.tool-list li[data-tool="add"] .badge.untrusted').allInnerTexts()).toEqual(['read-only?', 'idempotent?']);
  }, SPEC_MS);

  it('shows a slow call\'s progress up to 100 % with its message and elapsed time', async () => {
    const p = await open();
    const call = await runTool(p, 'countdown', { from: '4', delayMs: '150' });
    await p.waitForSelector(`${call} .percent`);
    await p.waitForSelector(`${call}.done`);
    expect(await p.locator(`${call} .percent`).innerText()).toBe('100 %');
    expect(await p.locator(`${call} progress`).evaluate((bar) => (bar as HTMLProgressElement).value)).toBe(100);
    expect(await p.locator(`${call} .progress-message`).innerText()).toBe('0 left');
    expect(await p.locator(`${call} .elapsed`).innerText()).toMatch(/^\d+(\.\d)? (ms|s)$/);
    expect(await p.locator(`${call} .result`).innerText()).toContain('Liftoff after 4 steps');
  }, SPEC_MS);

  it('cancels a running call from its Cancel button, and the server sees the cancellation', async () => {
    const p = await open();
    const before = dashboard.state.activity.length;
    const call = await runTool(p, 'countdown', { from: '50', delayMs: '100' });
    await p.waitForSelector(`${call} .percent`);
    await p.click(`${call} .cancel-call`);
    await p.waitForSelector(`${call}.cancelled`);
    await until(() => dashboard.state.activity.slice(before).some((a) => a.kind === 'cancelled' && a.tool === 'countdown'), 8000, 'Timed out waiting for the server to see the cancellation', 50);
    expect(await p.locator(`${call} .result`).count()).toBe(0);
  }, SPEC_MS);

  for (const [protocol, era] of [['modern', 'an input round of the call'], ['legacy', 'a server request']] as const) {
    it(`answers an elicitation form inline under its call, and the server receives accept with the values (${protocol}: ${era})`, async () => {
      const p = await open(dashboard.exampleUrl, `&protocol=${protocol}`);
      const before = dashboard.state.activity.length;
      const call = await runTool(p, 'greet');
      await p.waitForSelector(`${call} .server-request.elicitation`);
      await p.fill(`${call} .elicitation-form [data-path="name"]`, 'Ada');
      await p.click(`${call} .elicitation-form .accept`);
      await p.waitForSelector(`${call}.done`);
      expect(await p.locator(`${call} .result`).innerText()).toContain('Hello, Ada!');
      expect(dashboard.state.activity.slice(before)).toContain({ kind: 'elicitation', tool: 'greet', action: 'accept', content: { name: 'Ada' } });
      expect(await p.locator('.log[data-level="info"] .call-link').last().innerText()).toBe(`#${call.match(/\d+/)?.[0]}`);
    }, SPEC_MS);
  }

  it('puts a sampling request under its call, and the edited reply approved reaches the server', async () => {
    const p = await open();
    const call = await runTool(p, 'summarize', { text: 'The quick brown fox.' });
    await p.waitForSelector(`${call} .server-request.sampling`);
    expect(await p.locator(`${call} .sampling-messages`).innerText()).toContain('The quick brown fox.');
    await p.fill(`${call} .sampling-form textarea[name="reply"]`, 'A fox.');
    await p.click(`${call} .sampling-form .approve`);
    await p.waitForSelector(`${call}.done`);
    expect(await p.locator(`${call} .result`).innerText()).toBe('Summary (dashboard-user): A fox.');
  }, SPEC_MS);

  it('follows a change of the server\'s tool list without a reload', async () => {
    const p = await open();
    await p.waitForSelector('.tool-list li[data-tool="flood"]');
    dashboard.state.toggleBonus();
    try {
      await p.waitForSelector('.tool-list li[data-tool="bonus"]');
    } finally {
      dashboard.state.toggleBonus();
    }
    await p.waitForSelector('.tool-list li[data-tool="bonus"]', { state: 'detached' });
  }, SPEC_MS);

  it('marks a tool that appears after the first listing as new since pinned, and a pinned tool that goes as no longer listed', async () => {
    const p = await open();
    await p.waitForSelector('.tool-list li[data-tool="flood"]');
    expect(await p.locator('.badge.drift').count()).toBe(0);
    dashboard.state.toggleBonus();
    try {
      await p.waitForSelector('.tool-list li[data-tool="bonus"] .badge.drift.added');
      expect(await p.locator('.tool-list li[data-tool="bonus"] .badge.drift').innerText()).toBe('new since pinned');
      expect(await p.locator('.badge.drift').count()).toBe(1);
    } finally {
      dashboard.state.toggleBonus();
    }
    await p.waitForSelector('.tool-list li.drift-removed[data-removed="bonus"]');
    expect(await p.locator('.tool-list li.drift-removed[data-removed="bonus"] .badge').innerText()).toBe('pinned, no longer listed');
  }, SPEC_MS);

  for (const protocol of ['modern', 'legacy'] as const) {
    it(`carries on across a server restart: health, reconnection, the resource watch and logs (${protocol})`, async () => {
      const p = await open(dashboard.exampleUrl, `&protocol=${protocol}`);
      await p.click('.resource-list li[data-uri="example://counter"] .watch-button');
      await p.waitForSelector('.watch[data-uri="example://counter"] pre');
      await dashboard.stopExample();
      try {
        await p.waitForSelector('.health.down');
      } finally {
        await dashboard.startExample();
      }
      await p.waitForSelector('.health.ok');
      await p.waitForSelector('.status.ready');
      const value = dashboard.state.bump();
      await p.waitForFunction((text) => document.querySelector('.watch[data-uri="example://counter"] pre')?.textContent === text, `counter: ${value}`);
      const call = await runTool(p, 'add', { a: '2', b: '40' });
      await p.waitForSelector(`${call}.done`);
      expect(await p.locator(`${call} .structured`).innerText()).toContain('"sum": 42');
      await p.waitForFunction(() => [...document.querySelectorAll('.log-text')].some((line) => line.textContent?.includes('"tool":"add"')));
    }, 40_000);
  }

  it('shows a 5 MiB result as a preview with a download, and the page stays responsive', async () => {
    const p = await open();
    const call = await runTool(p, 'big_result');
    await p.waitForSelector(`${call}.done`, { timeout: 20_000 });
    expect(await p.locator(`${call} .preview-note`).innerText()).toBe('Preview: the first 4,000 of 5,242,880 characters (5.0 MiB). Download all');
    expect((await p.locator(`${call} .payload.preview`).innerText()).length).toBeLessThanOrEqual(4000);
    expect(await p.evaluate(() => document.body.innerHTML.length)).toBeLessThan(500_000);
    await p.waitForSelector('.frame .size.large');
    const frameDelay = await p.evaluate(() => new Promise<number>((resolve) => {
      const start = performance.now();
      requestAnimationFrame(() => resolve(performance.now() - start));
    }));
    expect(frameDelay).toBeLessThan(1000);
    const download = p.waitForEvent('download');
    await p.click(`${call} .download`);
    expect((await download).suggestedFilename()).toBe('text-1.txt');
  }, 40_000);

  it('repaints the logs a few times for a flood of 2000 log messages', async () => {
    const p = await open();
    await pickTool(p, 'flood');
    const painted = () => p.evaluate(() => (globalThis as unknown as { __dashboard: { renders: { logs: number } } }).__dashboard.renders.logs);
    const before = await painted();
    const call = await runTool(p, 'flood', { count: '2000' });
    await p.waitForSelector(`${call}.done`, { timeout: 20_000 });
    await p.waitForFunction(() => document.querySelector('.log-count')?.textContent?.includes('2000 received'));
    expect((await painted()) - before).toBeLessThan(20);
    expect(await p.locator('.log').count()).toBeLessThan(100);
    expect(await p.locator('.log[data-level="emergency"] .level').first().innerText()).toBe('EMERGENCY');
  }, 40_000);

  it('gives no app to a page on another origin that frames its sandbox', async () => {
    expect(await frameSandboxFromElsewhere(browser, dashboard.sandboxOrigin)).toEqual({ heard: [], frames: 0 });
  }, SPEC_MS);

  it('renders an MCP App from npm in a sandbox on another origin and proxies its tool call after approval', async () => {
    const p = await open(dashboard.appUrl);
    const call = await runTool(p, 'get-time');
    await p.waitForSelector(`${call}.done`);
    const frame = p.locator(`${call} .app-frame`);
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(dashboard.sandboxOrigin);
    expect(dashboard.sandboxOrigin).not.toBe(new URL(dashboard.pageUrl).origin);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    // The app declares no csp: its sandbox gets the restrictive policy of SEP-1865 (no network at all).
    const sandbox = await fetch((await frame.getAttribute('src')) ?? '');
    expect(sandbox.headers.get('content-security-policy')).toContain("connect-src 'none'");
    const view = p.frameLocator(`${call} .app-frame`).frameLocator('iframe');
    const shown = await view.locator('#server-time').innerText();
    expect(shown).toMatch(/^\d{4}-\d\d-\d\dT/);
    await view.locator('#get-time-btn').click();
    await p.waitForSelector(`${call} .approval`);
    await p.click(`${call} .approval .allow`);
    await p.waitForSelector(`.call.done:has-text("from the app of #${call.match(/\d+/)?.[0]}")`);
    const changed = Date.now() + 8000;
    while ((await view.locator('#server-time').innerText()) === shown && Date.now() < changed) await p.waitForTimeout(50);
    expect(await view.locator('#server-time').innerText()).not.toBe(shown);
    await p.click(`${call} .close-app`);
    await frame.waitFor({ state: 'detached' });
  }, 40_000);
});
