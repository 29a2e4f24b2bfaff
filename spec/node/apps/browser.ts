import type { Browser, Frame, Page } from 'playwright-core';
import type { AppEvent } from '../../../src/apps/types.js';
import type { AppsHarness } from './harness.js';

/** What the host page records (page/host.ts). */
export interface HostState {
  readonly events: AppEvent[];
  readonly approvals: string[];
  readonly error: string | undefined;
  readonly tools: string[];
  readonly modelTools: string[];
}

/** Options of the host page's `show` (page/host.ts). */
export interface ShowOptions {
  readonly url: string;
  readonly tool: string;
  readonly input?: Record<string, unknown>;
  readonly partial?: readonly Record<string, unknown>[];
  readonly fail?: string;
  readonly approve?: 'allow' | 'deny';
  readonly permissions?: readonly string[];
  readonly sandbox?: string;
}

interface HostWindow {
  readonly host: {
    show(options: ShowOptions): Promise<void>;
    close(): void;
    readonly state: HostState;
    setApproval(answer: 'allow' | 'deny'): void;
    setTheme(theme: 'light' | 'dark'): void;
  };
}

/** A host page with its errors collected. */
export async function openHost(browser: Browser, harness: AppsHarness): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.setDefaultTimeout(15_000);
  await page.goto(harness.pageUrl);
  await page.waitForFunction(() => 'host' in window);
  return { page, errors };
}

export const show = (page: Page, options: ShowOptions): Promise<void> => page.evaluate((o) => (window as unknown as HostWindow).host.show(o), options);
export const closeApp = (page: Page): Promise<void> => page.evaluate(() => (window as unknown as HostWindow).host.close());
export const hostState = (page: Page): Promise<HostState> => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as HostWindow).host.state)) as HostState);
export const setApproval = (page: Page, answer: 'allow' | 'deny'): Promise<void> => page.evaluate((a) => (window as unknown as HostWindow).host.setApproval(a), answer);
export const setTheme = (page: Page, theme: 'light' | 'dark'): Promise<void> => page.evaluate((t) => (window as unknown as HostWindow).host.setTheme(t), theme);

/** The app's own frame (inside the sandbox proxy's frame), once its document has loaded. */
export async function appFrame(page: Page): Promise<Frame> {
  const outer = await (await page.waitForSelector('#apps iframe')).contentFrame();
  if (outer === null) throw new Error('the sandbox frame has no content');
  const inner = await (await outer.waitForSelector('iframe')).contentFrame();
  if (inner === null) throw new Error('the app frame has no content');
  return inner;
}
