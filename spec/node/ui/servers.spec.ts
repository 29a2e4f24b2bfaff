// The Servers panel of `rxmcp ui` (the packed tarball's command, no target) with a configured command server: the
// page lists it from a configuration file (Cursor's ~/.cursor/mcp.json of a fresh HOME) and connects from its row
// through the backend's WebSocket, which spawns it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_STDIO, tempHome, type TempHome } from '../cli/helpers.js';
import { launchChromium, runTool } from '../dashboard/browser.js';
import { explain, packedProject, SETUP_MS } from '../packed-project.js';
import { startUi, type RunningUi } from './launch.js';

describe('rxmcp ui Servers panel from the packed tarball, in Chromium', () => {
  let browser: Browser;
  let home: TempHome;
  let ui: RunningUi;
  let page: Page | undefined;
  const errors: string[] = [];

  beforeAll(async () => {
    const [packed, launched] = await Promise.all([packedProject(), launchChromium()]);
    if (packed.install.code !== 0) throw new Error(`the install failed: ${explain(packed.install)}`);
    browser = launched;
    home = await tempHome();
    const [command, ...args] = EXAMPLE_STDIO.slice(1);
    await mkdir(join(home.path, '.cursor'), { recursive: true });
    await writeFile(join(home.path, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'example-stdio': { command, args } } }));
    ui = await startUi(packed.dir, [], home.path);
  }, SETUP_MS + 30_000);
  afterAll(async () => {
    await page?.close();
    await ui?.stop();
    await browser?.close();
    await home?.remove();
  });

  it('lists a configured command server as stdio, connects from its row through the backend WebSocket, and calls a tool', async () => {
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.setDefaultTimeout(15_000);
    await page.goto(ui.url);
    const row = '.server[data-server="example-stdio"]';
    await page.waitForSelector(row);
    expect(await page.locator(`${row} .badge`).innerText()).toBe('stdio');
    expect(await page.locator(`${row} .server-source`).innerText()).toBe('from Cursor');
    expect(ui.pids()).toEqual([]);
    await page.click(`${row} .connect-server`);
    await page.waitForSelector('.status.ready');
    expect(await page.locator('.state .server-info').innerText()).toBe('rxmcp-example-server 1.0.0');
    expect(ui.log.filter((line) => line.includes('spawned example-stdio (pid ')).length).withContext(ui.log.join('\n')).toBe(1);
    expect(await page.locator(`${row} .connect-server`).innerText()).toBe('Connected');
    const call = await runTool(page, 'add', { a: '2', b: '40' });
    await page.waitForSelector(`${call}.done`);
    expect(await page.locator(`${call} .structured`).innerText()).toContain('"sum": 42');
    expect(errors).toEqual([]);
  }, 40_000);
});
