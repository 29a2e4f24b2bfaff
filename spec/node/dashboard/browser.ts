import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
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

/** Waits (at most 10 s) for `page` to have a frame loaded from `origin`. */
export async function waitForFrame(page: Page, origin: string): Promise<Frame> {
  for (let tries = 0; tries < 100; tries += 1) {
    const frame = page.frames().find((f) => f.url().startsWith(origin));
    if (frame !== undefined) {
      await frame.waitForLoadState('load');
      return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no frame from ${origin}`);
}

/**
 * Frames `${sandboxOrigin}/sandbox.html` from a page on another origin (a server of its own on 127.0.0.1) that hands
 * it an app as a host would; answers what the foreign page heard from the sandbox and how many frames the sandbox made.
 */
export async function frameSandboxFromElsewhere(browser: Browser, sandboxOrigin: string): Promise<{ heard: unknown[]; frames: number }> {
  const foreign: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body><script>
      window.seen = [];
      addEventListener('message', (event) => window.seen.push(event.data && event.data.method));
      const frame = document.createElement('iframe');
      frame.src = ${JSON.stringify(`${sandboxOrigin}/sandbox.html`)};
      frame.onload = () => frame.contentWindow.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready',
        params: { html: '<p id="stolen">app</p>' } }, '*');
      document.body.appendChild(frame);
    </script></body>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    const sandbox = await waitForFrame(page, sandboxOrigin);
    await page.waitForTimeout(1000);
    const heard = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
    return { heard, frames: await sandbox.evaluate(() => document.querySelectorAll('iframe').length) };
  } finally {
    await page.close();
    foreign.closeAllConnections();
    await new Promise((resolve) => foreign.close(resolve));
  }
}
