import { hostname } from 'node:os';
import type { Browser, Frame, Page } from 'playwright-core';
import { startAppServer, type AppServer } from '../../../examples/dashboard/server/app-server.js';
import { until } from '../../helpers/until.js';
import { launchChromium } from '../dashboard/browser.js';
import { appFrame, closeApp, hostState, openHost, setApproval, show } from './browser.js';
import { startAppsHarness, type AppsHarness } from './harness.js';

const SETUP_MS = 90_000;
const SPEC_MS = 40_000;

const PACKAGES = ['vanillajs', 'react', 'vue'].map((flavour) => `@modelcontextprotocol/server-basic-${flavour}`);
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;

/** The server time a basic example app shows: `#server-time` (vanilla JS) or the `code` element (React, Vue). */
const timeShown = (app: Frame): Promise<string> => app.locator('#server-time, code').first().innerText();

/** rxmcp/apps in Chromium with the official MCP App examples from npm, each server on 127.0.0.1. */
describe('rxmcp/apps renderApp in Chromium (MCP App examples from npm)', () => {
  let harness: AppsHarness;
  let browser: Browser;
  const servers = new Map<string, AppServer>();
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    const names = [...PACKAGES, '@modelcontextprotocol/server-system-monitor', '@modelcontextprotocol/server-transcript'];
    const started = await Promise.all(names.map((pkg) => startAppServer({ pkg, timeoutMs: 30_000 })));
    names.forEach((name, index) => servers.set(name, started[index] as AppServer));
    [harness, browser] = await Promise.all([startAppsHarness(), launchChromium()]);
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await Promise.all([...servers.values()].map((server) => server.close()));
  }, SETUP_MS);
  afterEach(async () => {
    if (page !== undefined) await closeApp(page);
    await page?.close();
    page = undefined;
    expect(errors).toEqual([]);
  });

  const open = async (): Promise<Page> => {
    ({ page, errors } = await openHost(browser, harness));
    return page;
  };
  const urlOf = (pkg: string): string => servers.get(pkg)?.url ?? '';

  for (const pkg of PACKAGES) {
    it(`renders ${pkg}: the get-time result reaches the app, and its own get-time call waits for the approval (denied, then allowed)`, async () => {
      const p = await open();
      await show(p, { url: urlOf(pkg), tool: 'get-time', input: {}, approve: 'deny' });
      const app = await appFrame(p);
      await until(async () => TIME.test(await timeShown(app)), 15_000, `${pkg} never showed the time of the result`, 50);
      const shown = await timeShown(app);
      await app.locator('button:has-text("Get Server Time")').click();
      await until(async () => (await hostState(p)).events.some((event) => event.type === 'tool-call'), 10_000, 'the app\'s call never reached the approval', 50);
      expect((await hostState(p)).approvals).toEqual(['get-time']);
      // The examples show a failed call as [ERROR].
      await until(async () => (await timeShown(app)) === '[ERROR]', 10_000, 'the denied call did not show [ERROR]', 50);
      await setApproval(p, 'allow');
      await app.locator('button:has-text("Get Server Time")').click();
      await until(async () => TIME.test(await timeShown(app)), 10_000, 'the allowed call never showed a time', 50);
      expect(await timeShown(app)).not.toBe(shown);
      const calls = (await hostState(p)).events.filter((event) => event.type === 'tool-call').map((event) => event.type === 'tool-call' && event.decision);
      expect(calls).toEqual(['denied', 'allowed']);
    }, SPEC_MS);
  }

  it('keeps server-system-monitor\'s app-only poll-system-stats out of the model\'s tools, and the app\'s polling goes through the approval', async () => {
    const p = await open();
    await show(p, { url: urlOf('@modelcontextprotocol/server-system-monitor'), tool: 'get-system-info', input: {}, approve: 'deny' });
    const state = await hostState(p);
    expect(state.tools).toContain('poll-system-stats');
    expect(state.modelTools).toEqual(['get-system-info']);
    const app = await appFrame(p);
    await until(async () => (await app.locator('#info-hostname').innerText()) === hostname(), 15_000, 'the system info never reached the app', 50);
    const polled = async (): Promise<boolean> => (await hostState(p)).approvals.includes('poll-system-stats');
    if (!(await polled())) await app.locator('#poll-toggle-btn').click();
    await until(polled, 10_000, 'the app never asked to poll', 50);
    const denied = (await hostState(p)).events.find((event) => event.type === 'tool-call');
    expect(denied).toEqual({ type: 'tool-call', name: 'poll-system-stats', arguments: {}, decision: 'denied' });
    await setApproval(p, 'allow');
    await until(async () => (await hostState(p)).events.some((event) => event.type === 'tool-call' && event.decision === 'allowed'), 15_000, 'no allowed poll', 50);
    await until(async () => /\d+%/.test(await app.locator('#memory-percent').innerText()), 10_000, 'the allowed poll never showed the memory', 50);
  }, SPEC_MS);

  const policy = (frame: Frame, feature: string): Promise<boolean> =>
    frame.evaluate((name) => (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature(name), feature);

  it('grants server-transcript the clipboard the host allows but not the microphone it does not: deny by default', async () => {
    const p = await open();
    await show(p, { url: urlOf('@modelcontextprotocol/server-transcript'), tool: 'transcribe', input: {}, permissions: ['clipboardWrite', 'camera'] });
    const app = await appFrame(p);
    expect(await p.locator('#apps iframe').getAttribute('allow')).toBe('clipboard-write');
    expect(await app.frameElement().then((element) => element.getAttribute('allow'))).toBe('clipboard-write');
    expect(await policy(app, 'microphone')).toBeFalse();
    expect(await policy(app, 'camera')).toBeFalse();
    expect(await policy(app, 'clipboard-write')).toBeTrue();
  }, SPEC_MS);

  it('grants server-transcript the microphone once the host allows it', async () => {
    const p = await open();
    await show(p, { url: urlOf('@modelcontextprotocol/server-transcript'), tool: 'transcribe', input: {}, permissions: ['microphone', 'clipboardWrite'] });
    const app = await appFrame(p);
    expect(await p.locator('#apps iframe').getAttribute('allow')).toBe('microphone; clipboard-write');
    expect(await policy(app, 'microphone')).toBeTrue();
  }, SPEC_MS);
});
