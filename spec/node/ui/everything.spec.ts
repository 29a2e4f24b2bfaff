// `rxmcp ui` from the packed tarball, in Chromium, against @modelcontextprotocol/server-everything over stdio (relayed
// by the backend's WebSocket): an elicitation answered on the page, a subscribed resource watched while the server
// sends it updates, and a 2025-11-25 core task run from the Tasks panel with its clarification answered on the page.
// (Listing, a form call, cancelling and recovery are in page.spec.ts.)
import type { Page } from 'playwright-core';
import { EVERYTHING_STDIO } from '../cli/helpers.js';
import { pickTool, runTool } from '../dashboard/browser.js';
import { packedUiSuite, uiPages } from './harness.js';
import { startUi, type RunningUi } from './launch.js';

const SPEC_MS = 40_000;
/** One of the documents server-everything lists as a static resource (it accepts a subscription to any URI). */
const DOCUMENT = 'demo://resource/static/document/features.md';

describe('rxmcp ui from the packed tarball: @modelcontextprotocol/server-everything over stdio, elicitation, watch and task', () => {
  const suite = packedUiSuite(40_000);
  const pages = uiPages(suite);
  let ui: RunningUi;

  beforeAll(async () => {
    ui = await startUi(suite.project, EVERYTHING_STDIO, suite.home.path);
  }, 40_000);
  afterAll(async () => {
    await ui?.stop();
  });

  /** Opens the printed URL and waits until the page is connected and has the server's tools. */
  const open = async (): Promise<Page> => {
    const page = await pages.open(ui);
    await page.waitForSelector('.tool-list li[data-tool="echo"]');
    return page;
  };

  // Over stdio a 2025-11-25 server's request carries nothing that names the call it serves (no per-request stream,
  // no trace context echoed), so the page shows it under "Server requests" rather than inside the call.
  it('answers the elicitation of trigger-elicitation-request under Server requests, and the tool returns what was entered with the schema\'s defaults', async () => {
    const p = await open();
    const call = await runTool(p, 'trigger-elicitation-request');
    await p.waitForSelector('.request-queue .server-request.elicitation');
    expect(await p.locator('.request-queue .server-request.elicitation').innerText()).toContain('Please provide inputs for the following fields:');
    await p.fill('.request-queue .elicitation-form [data-path="name"]', 'Ada Lovelace');
    await p.click('.request-queue .elicitation-form .accept');
    await p.waitForSelector(`${call}.done`);
    expect(await p.locator('.request-queue').count()).toBe(0);
    const result = await p.locator(`${call} .result`).innerText();
    expect(result).toContain('User provided the requested information');
    expect(result).toContain('- Name: Ada Lovelace');
    expect(result).toContain('- Favorite Integer: 42');
  }, SPEC_MS);

  it('watches a resource: it reads it, subscribes, reads it again on each update the server sends, and unsubscribes on Stop', async () => {
    const p = await open();
    await p.click(`.resource-list li[data-uri="${DOCUMENT}"] .watch-button`);
    const updates = p.locator(`.watch[data-uri="${DOCUMENT}"] .watch-updates`);
    await p.waitForFunction((uri) => document.querySelector(`.watch[data-uri="${uri}"] .watch-updates`)?.textContent?.startsWith('1 update,') === true, DOCUMENT);
    expect(await p.locator(`.watch[data-uri="${DOCUMENT}"]`).innerText()).toContain('Features');
    const toggle = await runTool(p, 'toggle-subscriber-updates');
    await p.waitForSelector(`${toggle}.done`);
    expect(await p.locator(`${toggle} .result`).innerText()).toContain('Started simulated resource updated notifications');
    await p.waitForFunction((uri) => /^[2-9]\d* updates,/.test(document.querySelector(`.watch[data-uri="${uri}"] .watch-updates`)?.textContent ?? ''), DOCUMENT);
    expect(await updates.innerText()).toMatch(/^\d+ updates, last /);
    const stop = await runTool(p, 'toggle-subscriber-updates');
    await p.waitForSelector(`${stop}.done`);
    await p.click(`.watch[data-uri="${DOCUMENT}"] .watch-head button`);
    await p.waitForSelector(`.watch[data-uri="${DOCUMENT}"]`, { state: 'detached' });
    await p.fill('.log-filter', 'Resource request');
    await p.waitForSelector(`.log-text:has-text("Received Unsubscribe Resource request: ${DOCUMENT}")`);
    expect(await p.locator('.log-text').allInnerTexts()).toContain(`Received Subscribe Resource request for URI: ${DOCUMENT}`);
  }, SPEC_MS);

  it('runs simulate-research-query as a task from the Tasks panel: its status stream, its clarification answered on the page, then its report', async () => {
    const p = await open();
    await pickTool(p, 'simulate-research-query');
    await p.fill('.tool-detail [data-path="topic"]', 'python');
    await p.selectOption('.tool-detail [data-path="ambiguous"]', 'true');
    await p.click('.tool-detail .run-task');
    await p.waitForSelector('.task[data-status="input_required"]');
    await p.selectOption('.request-queue .elicitation-form [data-path="interpretation"]', { label: 'Python programming language' });
    await p.click('.request-queue .elicitation-form .accept');
    await p.waitForSelector('.task[data-status="completed"]', { timeout: 20_000 });
    const task = p.locator('.task').first();
    const steps = await task.locator('.task-steps li').allInnerTexts();
    expect(steps.some((step) => step.includes('input_required Found multiple interpretations for "python"'))).withContext(steps.join('\n')).toBeTrue();
    expect(steps.some((step) => step.includes('working Continuing with interpretation: "programming"'))).withContext(steps.join('\n')).toBeTrue();
    expect(await task.locator('.step-status').last().innerText()).toBe('completed');
    expect(await task.locator('.result').innerText()).toContain('Research Report: python (programming)');
  }, SPEC_MS);
});
