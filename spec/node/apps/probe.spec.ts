import type { Browser, Frame, Page } from 'playwright-core';
import { until } from '../../helpers/until.js';
import { launchChromium } from '../dashboard/browser.js';
import { appFrame, closeApp, hostState, openHost, setApproval, setTheme, show } from './browser.js';
import { startAppsHarness, type AppsHarness } from './harness.js';

const SETUP_MS = 60_000;
const SPEC_MS = 30_000;

const logOf = (frame: Frame): Promise<string[]> => frame.locator('#log').innerText().then((text) => text.split('\n').filter((line) => line !== ''));
const logged = async (frame: Frame, line: string | RegExp): Promise<void> =>
  until(async () => (await logOf(frame)).some((entry) => (typeof line === 'string' ? entry === line : line.test(entry))), 10_000, () => `the app never logged ${String(line)}`, 50);

/** rxmcp/apps in Chromium with the probe app: a raw JSON-RPC app that logs every message it hears. */
describe('rxmcp/apps renderApp in Chromium (probe app)', () => {
  let harness: AppsHarness;
  let browser: Browser;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    [harness, browser] = await Promise.all([startAppsHarness(), launchChromium()]);
  }, SETUP_MS);
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  }, SETUP_MS);
  afterEach(async () => {
    await page?.close();
    page = undefined;
    expect(errors).toEqual([]);
  });

  const open = async (): Promise<Page> => {
    ({ page, errors } = await openHost(browser, harness));
    return page;
  };

  it('renders the app in a sandboxed iframe on the sandbox origin under the CSP its resource asks for: the declared origin answers, another is blocked', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'probe', input: { word: 'x' } });
    const app = await appFrame(p);
    const frame = p.locator('#apps iframe');
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(harness.sandboxOrigin);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(await frame.getAttribute('allow')).toBeNull();
    expect(harness.sandboxRequests.at(-1)?.query).toBe(JSON.stringify({ connectDomains: [harness.hostOrigin] }));
    expect(harness.sandboxRequests.at(-1)?.policy).toContain(`connect-src 'self' ${harness.hostOrigin};`);
    await logged(app, /^initialize /);
    const elsewhere = harness.hostOrigin.replace('127.0.0.1', 'localhost');
    await app.evaluate(`probe.fetch(${JSON.stringify(`${harness.hostOrigin}/data.json`)})`);
    await app.evaluate(`probe.fetch(${JSON.stringify(`${elsewhere}/data.json`)})`);
    await logged(app, `blocked ${elsewhere}/data.json`);
    expect(await logOf(app)).toContain('fetched "ok"');
  }, SPEC_MS);

  it('sends the partial inputs, the complete input, then the result, and the host context with its later changes only', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'probe', input: { word: 'abc' }, partial: [{ word: 'a' }, { word: 'ab' }] });
    const app = await appFrame(p);
    await logged(app, /^tool-result /);
    await setTheme(p, 'dark');
    await logged(app, 'host-context-changed {"theme":"dark"}');
    expect(await logOf(app)).toEqual([
      'initialize {"theme":"light","tool":"probe","permissions":{}}',
      'tool-input-partial {"arguments":{"word":"a"}}',
      'tool-input-partial {"arguments":{"word":"ab"}}',
      'tool-input {"arguments":{"word":"abc"}}',
      'tool-result {"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"apps-probe","version":"1.0.0"}},"content":[{"type":"text","text":"probed abc"}],"resultType":"complete"}',
      'host-context-changed {"theme":"dark"}',
    ]);
    expect((await hostState(p)).events.map((event) => event.type)).toEqual(['initialized']);
  }, SPEC_MS);

  it('tells the app tool-cancelled with the reason when the call fails', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'probe', input: {}, fail: 'The user stopped it' });
    const app = await appFrame(p);
    await logged(app, 'tool-cancelled {"reason":"The user stopped it"}');
  }, SPEC_MS);

  it('refuses the app a model-only tool and an unknown one without asking; an app-only tool waits for the approval: denied, then allowed', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'probe', input: {}, approve: 'deny' });
    const app = await appFrame(p);
    await logged(app, /^tool-result /);
    await app.evaluate(`probe.call('secret', {})`);
    await logged(app, 'refused secret -32602');
    await app.evaluate(`probe.call('nowhere', {})`);
    await logged(app, 'refused nowhere -32602');
    await app.evaluate(`probe.call('helper', {})`);
    await logged(app, 'refused helper -32000');
    await setApproval(p, 'allow');
    await app.evaluate(`probe.call('helper', {})`);
    await logged(app, 'called helper helped');
    const state = await hostState(p);
    expect(state.approvals).toEqual(['helper', 'helper']);
    expect(state.events.filter((event) => event.type === 'tool-call')).toEqual([
      { type: 'tool-call', name: 'secret', arguments: {}, decision: 'refused' },
      { type: 'tool-call', name: 'nowhere', arguments: {}, decision: 'refused' },
      { type: 'tool-call', name: 'helper', arguments: {}, decision: 'denied' },
      { type: 'tool-call', name: 'helper', arguments: {}, decision: 'allowed' },
    ]);
    expect(state.modelTools).toEqual(state.tools.filter((name) => name !== 'helper'));
  }, SPEC_MS);

  it('passes the app\'s teardown request to the host, and on close asks the app to finish before the frame goes', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'probe', input: {} });
    const app = await appFrame(p);
    await logged(app, /^tool-result /);
    await app.evaluate('probe.teardown()');
    await until(async () => (await hostState(p)).events.some((event) => event.type === 'teardown-requested'), 5000, 'no teardown-requested', 50);
    const before = harness.teardowns;
    await closeApp(p);
    await p.locator('#apps iframe').waitFor({ state: 'detached' });
    expect(harness.teardowns).toBe(before + 1);
  }, SPEC_MS);

  it('fails with AppCspError naming each entry of a CSP request that cannot be given, and makes no frame', async () => {
    const p = await open();
    const asked = harness.sandboxRequests.length;
    await show(p, { url: harness.probeUrl, tool: 'bad-csp', input: {} });
    await until(async () => (await hostState(p)).error !== undefined, 10_000, 'no error', 50);
    expect((await hostState(p)).error).toBe(
      `AppCspError: ui://probe/bad.html asks for a Content-Security-Policy that cannot be given: connectDomains: "*", connectDomains: "${harness.hostOrigin}; script-src *", resourceDomains: "'unsafe-eval'"`,
    );
    expect(await p.locator('#apps iframe').count()).toBe(0);
    expect(harness.sandboxRequests.length).toBe(asked);
  }, SPEC_MS);

  it('fails with AppResourceError for a resource that is not an MCP App, and with AppSandboxError for a sandbox on the page\'s own origin', async () => {
    const p = await open();
    await show(p, { url: harness.probeUrl, tool: 'plain', input: {} });
    await until(async () => (await hostState(p)).error !== undefined, 10_000, 'no error', 50);
    expect((await hostState(p)).error).toBe('AppResourceError: ui://probe/plain.html is not an MCP App: its type is text/html, not text/html;profile=mcp-app');
    await closeApp(p);
    await show(p, { url: harness.probeUrl, tool: 'probe', input: {}, sandbox: `${harness.hostOrigin}/proxy.html` });
    await until(async () => (await hostState(p)).error?.startsWith('AppSandboxError') === true, 10_000, 'no AppSandboxError', 50);
    expect((await hostState(p)).error).toBe(`AppSandboxError: The sandbox ${harness.hostOrigin} is the page's own origin: an MCP App must run on another one`);
    expect(await p.locator('#apps iframe').count()).toBe(0);
  }, SPEC_MS);

  it('leaves a host that the sandbox does not list without an app: the proxy refuses to start', async () => {
    const p = await browser.newPage();
    page = p;
    errors = [];
    const frameErrors: string[] = [];
    p.on('pageerror', (error) => frameErrors.push(error.message));
    const foreign = harness.hostOrigin.replace('127.0.0.1', 'localhost');
    await p.goto(harness.pageUrl.replace(harness.hostOrigin, foreign));
    await p.waitForFunction(() => 'host' in window);
    await show(p, { url: `${foreign}/mcp`, tool: 'probe', input: {} });
    const sandbox = await (await p.waitForSelector('#apps iframe')).contentFrame();
    await until(() => frameErrors.length > 0, 10_000, 'the proxy started', 50);
    expect(frameErrors).toEqual([`${foreign} may not frame this sandbox`]);
    expect(await sandbox?.locator('iframe').count()).toBe(0);
    expect((await hostState(p)).events).toEqual([]);
  }, SPEC_MS);
});
