import { createMcpHandler } from '@modelcontextprotocol/server';
import { createExampleServer } from './example-server.js';
import { type ExampleHttpServer, serveMcpHandler } from './http.js';
import { introduceCodec } from './introduce.js';
import { JournalState } from './journal-state.js';
import { isMainModule } from './main.js';

/** Options of {@link startStatelessExampleServer}. */
export interface StatelessServerOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The journal file every instance shares (`JournalState`); created when missing. */
  readonly journal: string;
  /** The key that seals `requestState`, the same for every instance: at least 32 bytes. */
  readonly key: string;
  /** This instance's name, reported by `introduce` for each round it answered. */
  readonly instance: string;
}

/**
 * The example server in the stateless 2026-07-28 shape, for running several instances behind a load balancer:
 * every request gets a fresh server instance (`createMcpHandler`), the counter and the `bonus` tool live in the
 * shared journal, and multi-round calls carry their progress in sealed `requestState`, so any instance can answer
 * any request, any round. Each instance announces every change of the journal (whoever made it) on the
 * `subscriptions/listen` streams open on it. 2025-era requests (which need a session) are refused.
 */
export async function startStatelessExampleServer(options: StatelessServerOptions): Promise<ExampleHttpServer> {
  const state = new JournalState(options.journal);
  const stateless = { codec: introduceCodec(options.key), instance: options.instance };
  const modern = createMcpHandler((context) => createExampleServer({ ...context, state, stateless, follow: false }), {
    legacy: 'reject',
    onerror: (error) => console.error(`example stateless ${options.instance}:`, error.message),
  });
  const stopNotifying = state.subscribe((change) => {
    if (change.kind === 'tools') modern.notify.toolsChanged();
    else modern.notify.resourceUpdated(change.uri);
  });
  const handler = {
    fetch: (request: Request) => modern.fetch(request),
    close: async () => {
      stopNotifying();
      await modern.close();
      state.close();
    },
  };
  return serveMcpHandler(handler, options.port ?? 0);
}

const USAGE = 'usage: EXAMPLE_STATE_KEY=<32+ bytes> tsx examples/server/stateless.ts --journal <file> [--port <port>] [--instance <name>]';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (isMainModule(import.meta.url)) {
  const journal = argument('journal');
  const port = Number(argument('port') ?? 0);
  const key = process.env['EXAMPLE_STATE_KEY'] ?? '';
  if (journal === undefined || !Number.isInteger(port) || port < 0 || port > 65535 || new TextEncoder().encode(key).length < 32) {
    console.error(USAGE);
    process.exit(2);
  }
  const running = await startStatelessExampleServer({ journal, port, key, instance: argument('instance') ?? String(process.pid) });
  console.log(`LISTENING ${running.url}`);
  const stop = (): void => {
    running.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
