// The host page of the rxmcp/apps specs (bundled by harness.ts with rxmcp from dist/, as a user's bundler would):
// window.host shows one tool's MCP App with renderApp and records what happens, for the spec to read.
import { BehaviorSubject, firstValueFrom, from, throwError, type Subscription } from 'rxjs';
import { createClient, streamableHttp, type Client, type Params } from 'rxmcp';
import { modelTools, renderApp, type AppEvent, type AppHostContext, type AppPermission } from 'rxmcp/apps';

/** What the spec asks for. */
interface ShowOptions {
  readonly url: string;
  readonly tool: string;
  readonly input?: Params;
  readonly partial?: readonly Params[];
  /** The call fails with this message (the app hears tool-cancelled). */
  readonly fail?: string;
  readonly approve?: 'allow' | 'deny';
  readonly permissions?: readonly AppPermission[];
  /** Overrides the sandbox URL (the page's own origin, for the refusal spec). */
  readonly sandbox?: string;
}

const state = {
  events: [] as AppEvent[],
  approvals: [] as string[],
  error: undefined as string | undefined,
  tools: [] as string[],
  modelTools: [] as string[],
};
const context$ = new BehaviorSubject<AppHostContext>({ theme: 'light' });
let approval: 'allow' | 'deny' = 'deny';
let client: Client | undefined;
let view: Subscription | undefined;

const sandboxUrl = new URL(location.href).searchParams.get('sandbox') ?? '';

async function show(options: ShowOptions): Promise<void> {
  client = createClient(streamableHttp(options.url));
  const tools = await firstValueFrom(client.listTools());
  state.tools = tools.map((tool) => tool.name);
  state.modelTools = modelTools(tools).map((tool) => tool.name);
  const tool = tools.find((candidate) => candidate.name === options.tool);
  if (tool === undefined) throw new Error(`no tool ${options.tool}`);
  approval = options.approve ?? 'deny';
  const input = options.input ?? {};
  const result$ = options.fail === undefined ? client.callTool(tool.name, input) : throwError(() => new Error(options.fail));
  view = renderApp({
    client,
    tool,
    container: document.getElementById('apps') as HTMLElement,
    sandbox: options.sandbox ?? sandboxUrl,
    hostInfo: { name: 'apps-spec', version: '1.0.0' },
    hostContext: context$,
    ...(options.permissions === undefined ? {} : { permissions: options.permissions }),
    call: { input, partialInput$: from(options.partial ?? []), result$ },
    approve: ({ tool: asked }) => {
      state.approvals.push(asked.name);
      return approval === 'allow';
    },
  }).subscribe({
    next: (event) => state.events.push(event),
    error: (error: unknown) => (state.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
  });
}

function close(): void {
  view?.unsubscribe();
  view = undefined;
  client?.close();
}

Object.assign(window, {
  host: {
    show,
    close,
    state,
    setApproval: (answer: 'allow' | 'deny') => (approval = answer),
    setTheme: (theme: 'light' | 'dark') => context$.next({ ...context$.value, theme }),
  },
});
