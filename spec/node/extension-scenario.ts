// What the extension specs against real servers (events and skills on the example server, skills on the official
// server) share: the methods a client sent, and a client opened for each spec (or for the suite) and closed after it.
import type { Client } from '../../src/index.js';

/** The methods `client` sends from now on, in order (the array fills as they go). */
export function sentMethods(client: Client): string[] {
  const methods: string[] = [];
  client.session.frames$.subscribe((event) => {
    if (event.direction === 'out' && 'method' in event.frame.message) methods.push(event.frame.message.method);
  });
  return methods;
}

/** A client of a server the scenario started, and how to stop that server. */
export interface OpenedClient {
  readonly client: Client;
  close(): Promise<void>;
}

/** The scenario's client and what it has sent; read inside specs only. */
export interface ScenarioClient {
  readonly client: Client;
  readonly sent: readonly string[];
}

/**
 * Registers, in the calling `describe`, hooks that `open` a client before each spec (`each`) or once (`all`) and
 * close it and its server after.
 */
export function scenarioClient(open: () => Promise<OpenedClient>, setupMs: number, scope: 'each' | 'all' = 'each'): ScenarioClient {
  let opened: (OpenedClient & { sent: string[] }) | undefined;
  const [before, after] = scope === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    const made = await open();
    opened = { ...made, close: () => made.close(), sent: sentMethods(made.client) };
  }, setupMs);
  after(async () => {
    opened?.client.close();
    await opened?.close();
    opened = undefined;
  });
  const current = () => opened ?? (() => { throw new Error('the scenario has no client yet'); })();
  return {
    get client() { return current().client; },
    get sent() { return current().sent; },
  };
}
