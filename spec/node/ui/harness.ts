// The set-up every `rxmcp ui` Chromium spec shares: the packed tarball installed in a fresh project, one Chromium, a
// temporary HOME; and the pages a spec opens, each closed after it with no page error allowed.
import type { Browser, Page } from 'playwright-core';
import { tempHome, type TempHome } from '../cli/helpers.js';
import { launchChromium } from '../dashboard/browser.js';
import { explain, packedProject, SETUP_MS } from '../packed-project.js';
import type { RunningUi } from './launch.js';

/** What the suite's `beforeAll` made; read inside specs and hooks only. */
export interface UiSuite {
  readonly browser: Browser;
  /** The fresh project with the packed tarball installed. */
  readonly project: string;
  readonly home: TempHome;
}

/** Registers the suite's `beforeAll` and `afterAll` (in the calling `describe`) and answers what they made. */
export function packedUiSuite(extraSetupMs = 20_000): UiSuite {
  let made: UiSuite | undefined;
  const get = (): UiSuite => made ?? (() => { throw new Error('the suite is not set up yet'); })();
  beforeAll(async () => {
    const [packed, browser] = await Promise.all([packedProject(), launchChromium()]);
    if (packed.install.code !== 0) throw new Error(`the install failed: ${explain(packed.install)}`);
    made = { browser, project: packed.dir, home: await tempHome() };
  }, SETUP_MS + extraSetupMs);
  afterAll(async () => {
    await made?.browser.close();
    await made?.home.remove();
  });
  return {
    get browser() { return get().browser; },
    get project() { return get().project; },
    get home() { return get().home; },
  };
}

/** The page of the running spec. */
export interface UiPages {
  /** A new page whose errors fail the spec; closed after it. */
  newPage(): Promise<Page>;
  /** Opens the printed URL (health checks every 500 ms) and waits until the page is connected. */
  open(ui: RunningUi): Promise<Page>;
  /** Closes the spec's page now. */
  close(): Promise<void>;
}

/** Registers an `afterEach` that closes the spec's page and fails the spec on any page error it saw. */
export function uiPages(suite: UiSuite): UiPages {
  let page: Page | undefined;
  let errors: string[] = [];
  const close = async (): Promise<void> => {
    await page?.close();
    page = undefined;
  };
  afterEach(async () => {
    await close();
    expect(errors).toEqual([]);
    errors = [];
  });
  const newPage = async (): Promise<Page> => {
    page = await suite.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.setDefaultTimeout(15_000);
    return page;
  };
  return {
    newPage,
    close,
    open: async (ui) => {
      const opened = await newPage();
      await opened.goto(`${ui.url}&health=500`);
      await opened.waitForSelector('.status.ready');
      return opened;
    },
  };
}
