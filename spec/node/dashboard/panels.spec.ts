import { readFile } from 'node:fs/promises';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { startDashboard, type Dashboard } from '../../../examples/dashboard/serve.js';
import { createExampleServer, ExampleState } from '../../../examples/server/example-server.js';
import { serveMcpHandler, startExampleHttpServer, type ExampleHttpServer } from '../../../examples/server/http.js';
import { LegacySessions } from '../../../examples/server/legacy-sessions.js';
import { startRootsServer, type RootsServer } from '../../helpers/dashboard/roots-server.js';
import { until } from '../../helpers/until.js';
import { launchChromium, pickTool, runTool } from './browser.js';

const SETUP_MS = 60_000;
const SPEC_MS = 25_000;

/** The page's panels beyond the call flow: resource templates and completion, empty states, console hygiene. */
describe('dashboard panels in Chromium', () => {
  let dashboard: Dashboard;
  let legacy: ExampleHttpServer;
  let withTasks: ExampleHttpServer;
  let rootsServer: RootsServer;
  let modernOnly: ExampleHttpServer;
  let browser: Browser;
  let page: Page | undefined;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    const state = new ExampleState();
    [dashboard, browser, legacy, withTasks, rootsServer, modernOnly] = await Promise.all([
      startDashboard({ port: 0 }),
      launchChromium(),
      serveMcpHandler(new LegacySessions(() => createExampleServer({ era: 'legacy', state })), 0),
      startExampleHttpServer({ tasks: true }),
      startRootsServer(),
      serveMcpHandler(createMcpHandler(() => createExampleServer({ state, follow: false }), { legacy: 'reject' }), 0),
    ]);
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([dashboard?.close(), legacy?.close(), withTasks?.close(), rootsServer?.close(), modernOnly?.close()]);
  }, SETUP_MS);
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  /** A fresh browser context (empty storage) with the page connected to `url`; console errors are collected. */
  const open = async (url: string, query = '', remembered?: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    if (remembered !== undefined) await context.addInitScript(([key, era]) => localStorage.setItem(key, era), [`rxmcp-dashboard:era:${url}`, remembered] as const);
    page = await context.newPage();
    consoleErrors = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.setDefaultTimeout(10_000);
    await page.goto(`${dashboard.pageUrl}?url=${encodeURIComponent(url)}${query}`);
    await page.waitForSelector('.status.ready');
    return page;
  };

  it('suggests a template variable\'s values from completion/complete and reads the URI the template gives', async () => {
    const p = await open(dashboard.exampleUrl);
    const input = p.locator('form.template[data-template="example://items/{id}"] input[name="id"]');
    await input.fill('');
    await input.pressSequentially('2');
    await p.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('form.template input[name="id"]');
      const list = input?.list;
      return list !== null && list !== undefined && [...list.options].map((o) => o.value).join(',') === '2';
    });
    await input.fill('');
    await input.pressSequentially('x');
    await input.fill('');
    await input.focus();
    await p.waitForFunction(() => [...(document.querySelector<HTMLInputElement>('form.template input[name="id"]')?.list?.options ?? [])].map((o) => o.value).join(',') === '1,2,3');
    await input.fill('2');
    await p.click('form.template[data-template="example://items/{id}"] button');
    await p.waitForSelector('.shown h3:has-text("example://items/2")');
    await p.waitForFunction(() => document.querySelector('.shown')?.textContent?.includes('banana'));
    expect(consoleErrors).toEqual([]);
  }, SPEC_MS);

  it('says what is true of a server without prompts: it offers none (not "not loaded")', async () => {
    const p = await open(dashboard.appUrl ?? '');
    await p.waitForSelector('#catalog .empty');
    // The tools heading shows … until the listing has answered; the prompts' empty state can come first.
    await p.waitForFunction(() => [...document.querySelectorAll('#catalog h2 small')].every((count) => count.textContent !== '…'));
    expect(await p.locator('#catalog .empty').allInnerTexts()).toEqual(['The server offers no prompts.']);
    expect(await p.locator('#catalog h2 small').allInnerTexts()).toEqual(['1', 'not offered']);
  }, SPEC_MS);

  it('speaks to a 2025-era server it met before with initialize at once: no failed probe, no console error', async () => {
    const p = await open(legacy.url);
    expect(await p.locator('.state .revision').innerText()).toBe('MCP 2025-11-25 (legacy)');
    // The first contact probes (the digest's dual-era rule over HTTP), and the server refuses it with a 400.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    consoleErrors = [];
    const probes: string[] = [];
    p.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('"server/discover"')) probes.push(request.url());
    });
    await p.reload();
    await p.waitForSelector('.status.ready');
    await p.waitForSelector('.tool-list li[data-tool="add"]');
    expect(await p.locator('.state .revision').innerText()).toBe('MCP 2025-11-25 (legacy)');
    expect(probes).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, SPEC_MS);

  it('states the size of its script as the browser loaded it, equal to the bytes served', async () => {
    const p = await open(dashboard.exampleUrl);
    const served = (await (await fetch(new URL('dashboard.js', dashboard.pageUrl))).arrayBuffer()).byteLength;
    const stated = p.locator('#about .bundle-size[data-file="dashboard.js"]');
    expect(Number(await stated.getAttribute('data-bytes'))).toBe(served);
    expect(await stated.innerText()).toBe(`dashboard.js ${(served / 1000).toFixed(1)} KB`);
  }, SPEC_MS);

  for (const [scheme, dark] of [['light', false], ['dark', true]] as const) {
    it(`follows the system's colour scheme (${scheme})`, async () => {
      const context = await browser.newContext({ colorScheme: scheme });
      page = await context.newPage();
      await page.goto(dashboard.pageUrl);
      await page.waitForSelector('#connection form.connect');
      const luminance = (css: string): number => {
        const [r = 0, g = 0, b = 0] = (css.match(/\d+/g) ?? []).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      const body = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const panel = await page.evaluate(() => getComputedStyle(document.querySelector('#tools') as Element).backgroundColor);
      const text = await page.evaluate(() => getComputedStyle(document.querySelector('#tools') as Element).color);
      expect(luminance(body) < 0.2).toBe(dark);
      expect(luminance(panel) < 0.2).toBe(dark);
      expect(luminance(text) > 0.7).toBe(dark);
    }, SPEC_MS);
  }

  it('exports the log lines shown as an NDJSON download', async () => {
    const p = await open(dashboard.exampleUrl);
    await p.click('.tool-list li[data-tool="flood"] button');
    await p.fill('.tool-detail [data-path="count"]', '30');
    await p.click('.tool-detail .run');
    await p.waitForFunction(() => document.querySelector('.log-count')?.textContent?.includes('30 received'));
    const shown = Number((await p.locator('.log-count').innerText()).match(/^(\d+) shown/)?.[1]);
    const download = p.waitForEvent('download');
    await p.click('.export-logs');
    const file = await download;
    expect(file.suggestedFilename()).toBe('rxmcp-logs.ndjson');
    const text = await readFile((await file.path()) ?? '', 'utf8');
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { level: string; time: string; call?: number });
    expect(lines.length).toBe(shown);
    expect(shown).toBeGreaterThanOrEqual(30);
    expect(lines.every((line) => typeof line.level === 'string' && !Number.isNaN(Date.parse(line.time)))).toBe(true);
    expect(lines.filter((line) => line.call !== undefined).length).toBeGreaterThanOrEqual(30);
  }, SPEC_MS);

  for (const protocol of ['modern', 'legacy'] as const) {
    it(`shows under each call the frames it caused: its request, its progress, its result, and no other call's (${protocol})`, async () => {
      const p = await open(dashboard.exampleUrl, `&protocol=${protocol}`);
      const add = await runTool(p, 'add', { a: '1', b: '2' });
      await p.waitForSelector(`${add}.done`);
      const countdown = await runTool(p, 'countdown', { from: '3', delayMs: '50' });
      await p.waitForSelector(`${countdown}.done`);
      const summaries = async (call: string): Promise<string[]> => {
        await p.waitForFunction((selector) => [...document.querySelectorAll(`${selector} .call-frames .summary`)].some((s) => s.textContent?.startsWith('result')), call);
        return p.locator(`${call} .call-frames .summary`).allTextContents();
      };
      const ofCountdown = await summaries(countdown);
      const ofAdd = await summaries(add);
      const request = ofCountdown[0] ?? '';
      expect(request).toMatch(/^tools\/call #\S+$/);
      expect(ofCountdown.at(-1)).toBe(`result #${request.split('#')[1]}`);
      expect(ofCountdown.filter((s) => s === 'notifications/progress').length).toBe(3);
      const addId = (ofAdd[0] ?? '').split('#')[1];
      expect(ofAdd).toEqual([`tools/call #${addId}`, 'notifications/message', `result #${addId}`]);
      expect(addId).not.toBe(request.split('#')[1]);
      expect(await p.locator(`${countdown} .call-frames li[data-direction="out"]`).count()).toBe(1);
    }, SPEC_MS);
  }

  it('runs a tool as a task: its status stream, the question it asks answered on the page, then its result', async () => {
    const p = await open(withTasks.url);
    await pickTool(p, 'research');
    await p.fill('.tool-detail [data-path="topic"]', 'tides');
    await p.click('.tool-detail .run-task');
    await p.waitForSelector('.task[data-status="input_required"]');
    await p.fill('.request-queue .elicitation-form [data-path="angle"]', 'historical');
    await p.click('.request-queue .elicitation-form .accept');
    await p.waitForSelector('.task[data-status="completed"]');
    const task = p.locator('.task').first();
    expect(await task.locator('.step-status').allInnerTexts()).toEqual(['working', 'input_required', 'working', 'completed']);
    expect(await task.locator('.step-message').allInnerTexts()).toEqual(['Gathering sources', 'Waiting for the angle to take', 'Writing the report (historical)', 'Report ready']);
    expect(await task.locator('.result').innerText()).toContain('Report on tides, from the historical angle.');
    expect(await task.locator('.cancel-task').count()).toBe(0);
  }, SPEC_MS);

  it('cancels a running task with tasks/cancel, and shows it cancelled without a result', async () => {
    const p = await open(withTasks.url);
    await pickTool(p, 'research');
    await p.fill('.tool-detail [data-path="topic"]', 'rivers');
    await p.click('.tool-detail .run-task');
    await p.waitForSelector('.task .cancel-task:not([disabled])');
    await p.click('.task .cancel-task');
    await p.waitForSelector('.task[data-status="cancelled"]');
    const task = p.locator('.task').first();
    expect(await task.locator('.step-message').last().innerText()).toBe('Cancelled by the client');
    expect(await task.locator('.result').count()).toBe(0);
    expect(await task.locator('.cancel-task').count()).toBe(0);
  }, SPEC_MS);

  it('gives a 2025-era server the roots edited on the page, and tells it each change (roots/list_changed)', async () => {
    const p = await open(rootsServer.url, '&protocol=legacy');
    const before = rootsServer.changes();
    await p.fill('.add-root input[name="uri"]', '/tmp/project a');
    await p.fill('.add-root input[name="name"]', 'project');
    await p.click('.add-root button');
    await p.waitForSelector('.root-list li[data-uri="file:///tmp/project%20a"]');
    await until(() => rootsServer.changes() === before + 1, 8000, 'Timed out waiting for roots/list_changed', 20);
    const call = await runTool(p, 'list_roots');
    await p.waitForSelector(`${call}.done`);
    expect(JSON.parse(await p.locator(`${call} .result pre`).first().innerText())).toEqual([{ uri: 'file:///tmp/project%20a', name: 'project' }]);
    await p.click('.root-list li .remove-root');
    await until(() => rootsServer.changes() === before + 2, 8000, 'Timed out waiting for the second roots/list_changed', 20);
    const again = await runTool(p, 'list_roots');
    await p.waitForSelector(`${again}.done`);
    expect(JSON.parse(await p.locator(`${again} .result pre`).first().innerText())).toEqual([]);
    await p.waitForFunction(() => document.querySelector('.roots-count')?.textContent === '0 · asked 2×');
  }, SPEC_MS);

  it('refuses a root that is neither a URI nor an absolute path, and keeps the list', async () => {
    const p = await open(dashboard.exampleUrl);
    await p.fill('.add-root input[name="uri"]', 'relative/dir');
    await p.click('.add-root button');
    await p.waitForSelector('#settings .error-text');
    expect(await p.locator('#settings .error-text').innerText()).toBe('Not a URI or an absolute path: "relative/dir"');
    expect(await p.locator('.root-list li').count()).toBe(0);
  }, SPEC_MS);

  it('bounds the calls it starts by the idle timeout set, and says why a call ended', async () => {
    const p = await open(dashboard.exampleUrl);
    await p.fill('.page-options input[name="idle"]', '0.4');
    await p.click('.page-options .apply-options');
    const call = await runTool(p, 'countdown', { from: '3', delayMs: '2000' });
    await p.waitForSelector(`${call}.error`, { timeout: 8000 });
    expect(await p.locator(`${call} .call-error`).innerText()).toMatch(/^RequestTimeoutError: /);
    await p.fill('.page-options input[name="idle"]', 'soon');
    await p.click('.page-options .apply-options');
    expect(await p.locator('.options-error').innerText()).toBe('Call idle timeout: a positive number of seconds, or empty');
  }, SPEC_MS);

  it('lists the configured servers, connects to another from its row, and exports an entry in a client\'s format', async () => {
    const p = await open(dashboard.exampleUrl);
    expect(await p.locator('.server-list .server strong').allInnerTexts()).toEqual(['rxmcp example server', 'MCP App: basic-vanillajs (npm)']);
    expect(await p.locator('.server[data-server="rxmcp example server"] .connect-server').innerText()).toBe('Connected');
    await p.selectOption('.server[data-server="rxmcp example server"] .export-format', 'vscode');
    const exported = JSON.parse(await p.locator('.server[data-server="rxmcp example server"] .export-text').innerText()) as unknown;
    expect(exported).toEqual({ servers: { 'rxmcp example server': { type: 'http', url: dashboard.exampleUrl } } });
    const download = p.waitForEvent('download');
    await p.click('.server[data-server="rxmcp example server"] .export-download');
    expect((await download).suggestedFilename()).toBe('mcp.json');
    await p.click('.server[data-server="MCP App: basic-vanillajs (npm)"] .connect-server');
    await p.waitForFunction(() => document.querySelector('.state .server-info')?.textContent?.includes('Basic MCP App Server'));
    await p.waitForSelector('.status.ready');
    await p.waitForSelector('.tool-list li[data-tool="get-time"]');
  }, SPEC_MS);

  it('forgets a remembered 2025 era that no longer reaches ready, and probes again: a server now 2026-07-28 only', async () => {
    const p = await open(modernOnly.url, '', 'legacy');
    await p.waitForFunction(() => document.querySelector('.state .revision')?.textContent === 'MCP 2026-07-28 (modern)');
    expect(await p.evaluate((key) => localStorage.getItem(key), `rxmcp-dashboard:era:${modernOnly.url}`)).toBe('modern');
  }, SPEC_MS);

  it('shows every configured server side by side from one client group, each catalog in its own row, until closed', async () => {
    const p = await open(dashboard.exampleUrl);
    await p.click('.side-by-side-toggle');
    const row = (server: string) => `.side-by-side tr[data-server="${server}"]`;
    const app = 'MCP App: basic-vanillajs (npm)';
    await p.waitForFunction((selector) => document.querySelector(`${selector} td.tools small`)?.textContent?.includes('get-time'), row(app));
    await p.waitForFunction((selector) => document.querySelector(`${selector} td.tools small`)?.textContent?.includes('countdown'), row('rxmcp example server'));
    expect(await p.locator(`${row(app)} td.tools small`).innerText()).toBe('get-time');
    expect((await p.locator(`${row('rxmcp example server')} td.tools small`).innerText()).split(', ')).toContain('add');
    await p.waitForFunction((selector) => document.querySelector(`${selector} td.prompts .count`) !== null, row(app));
    expect(await p.locator(`${row(app)} td.prompts .count`).innerText()).toBe('0');
    expect(await p.locator(`${row('rxmcp example server')} td.prompts small`).innerText()).toBe('review');
    await p.click('.side-by-side-toggle');
    await p.waitForSelector('.side-by-side', { state: 'detached' });
  }, SPEC_MS);
});
