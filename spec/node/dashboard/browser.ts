import { chromium, type Browser, type Page } from 'playwright-core';
import type { Dashboard } from '../../../examples/dashboard/serve.js';

/** Debian's Chromium (CI installs it), or `$CHROME_BIN`. */
export const CHROME = process.env['CHROME_BIN'] ?? '/usr/bin/chromium';

/** The flags that work on this kind of machine (root, no GPU, a closed network). */
const FLAGS = [
  '--no-sandbox', '--headless', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME, args: FLAGS, timeout: 20_000 });
}

/** Opens the dashboard connected to `url` (query options such as `protocol=legacy` after it), collecting page errors. */
export async function openDashboard(browser: Browser, dashboard: Dashboard, url: string, query = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.setDefaultTimeout(10_000);
  await page.goto(`${dashboard.pageUrl}?url=${encodeURIComponent(url)}&health=500${query}`);
  await page.waitForSelector('.status.ready');
  return { page, errors };
}

/** Selects a tool and waits until its form is shown. */
export async function pickTool(page: Page, name: string): Promise<void> {
  await page.click(`.tool-list li[data-tool="${name}"] button`);
  await page.waitForSelector(`.tool-detail[data-tool="${name}"]`);
}

/** Runs the selected tool with `fields` (form paths to values) and returns the new call's selector. */
export async function runTool(page: Page, name: string, fields: Readonly<Record<string, string>> = {}): Promise<string> {
  await pickTool(page, name);
  for (const [path, value] of Object.entries(fields)) await page.fill(`.tool-detail [data-path="${path}"]`, value);
  const before = await page.locator(`.call[data-tool="${name}"]`).count();
  await page.click('.tool-detail .run');
  await page.waitForFunction(([tool, count]) => document.querySelectorAll(`.call[data-tool="${tool}"]`).length > Number(count), [name, before] as const);
  const id = await page.locator(`.call[data-tool="${name}"]`).last().getAttribute('data-call');
  return `.call[data-call="${id}"]`;
}
