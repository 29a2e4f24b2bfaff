// `npm run dashboard:screenshots`: the README's pictures of the dashboard (docs/dashboard-*.png), taken in headless
// Chromium against the bundled example server and the npm MCP App server, as the browser specs drive the page.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, openDashboard, pickTool, runTool } from '../../spec/node/dashboard/browser.js';
import { DASHBOARD_DIR } from './server/build.js';
import { startDashboard } from './serve.js';

const DOCS = join(DASHBOARD_DIR, '..', '..', 'docs');
const shot = (page: Page, name: string) => page.screenshot({ path: join(DOCS, `dashboard-${name}.png`), fullPage: true });

const dashboard = await startDashboard({ port: 0 });
const browser = await launchChromium();
try {
  const { page } = await openDashboard(browser, dashboard, dashboard.exampleUrl);
  await page.click('.resource-list li[data-uri="example://counter"] .watch-button');
  await runTool(page, 'flood', { count: '400' });
  const big = await runTool(page, 'big_result');
  await page.waitForSelector(`${big}.done`, { timeout: 20_000 });
  dashboard.state.bump();
  const countdown = await runTool(page, 'countdown', { from: '40', delayMs: '150' });
  await page.waitForSelector(`${countdown} .percent`);
  const greet = await runTool(page, 'greet');
  await page.waitForSelector(`${greet} .server-request.elicitation`);
  await page.fill(`${greet} [data-path="name"]`, 'Ada');
  await pickTool(page, 'countdown');
  await page.fill('.add-root input[name="uri"]', '/home/ada/project');
  await page.fill('.add-root input[name="name"]', 'project');
  await page.click('.add-root button');
  await page.waitForTimeout(1200);
  await shot(page, 'main');
  // The same page as a system in dark mode sees it (prefers-color-scheme).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await shot(page, 'main-dark');
  await page.close();

  const app = await openDashboard(browser, dashboard, dashboard.appUrl ?? '');
  const call = await runTool(app.page, 'get-time');
  const view = app.page.frameLocator(`${call} .app-frame`).frameLocator('iframe');
  await view.locator('#server-time').waitFor();
  await view.locator('#get-time-btn').click();
  await app.page.waitForSelector(`${call} .approval`);
  await app.page.waitForTimeout(800);
  await shot(app.page, 'mcp-app');
  await app.page.close();

  const restart = await openDashboard(browser, dashboard, dashboard.exampleUrl, '&protocol=legacy');
  await dashboard.stopExample();
  await restart.page.waitForSelector('.health.down');
  await restart.page.waitForTimeout(600);
  await shot(restart.page, 'restart');
  await dashboard.startExample();
  await restart.page.close();
  console.log(`screenshots in ${DOCS}`);
} finally {
  await browser.close();
  await dashboard.close();
}
