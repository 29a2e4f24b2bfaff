import { BehaviorSubject, Subject, Subscription, bufferTime, distinctUntilChanged, filter, map, switchMap, take } from 'rxjs';
import type { CatalogState, Client, ClientState, LoggingLevel, Prompt, ReadResourceResult, Resource, ResourceTemplate, Tool } from 'rxmcp';
import { toolDrift$, toolPinning, type ToolDrift } from 'rxmcp/agent';
import { Approvals } from './apps/approval.js';
import { openClient } from './connection/connect.js';
import { Correlator } from './connection/correlate.js';
import type { ConnectionSettings } from './connection/settings.js';
import { SignIn } from './connection/sign-in.js';
import { CallFrames } from './model/call-frames.js';
import { Calls } from './model/calls.js';
import { Completions } from './model/completions.js';
import { EraMemory, protocolFor } from './model/era-memory.js';
import { frameEntry, FrameRing } from './model/frames.js';
import { healthChecks, type Health } from './model/health.js';
export type { Health } from './model/health.js';
import { logEntry, Logs, type LogEntry } from './model/logs.js';
import { DEFAULT_OPTIONS, type PageOptions } from './model/page-options.js';
import { Roots } from './model/roots.js';
import { ServerRequests } from './model/server-requests.js';
import { SideBySide } from './model/side-by-side.js';
import { Tasks } from './model/tasks.js';

/** A live resource panel: `watchResource` while it is open. */
export interface Watch {
  readonly uri: string;
  contents?: ReadResourceResult;
  updates: number;
  updatedAt?: number;
  error?: string;
  subscription?: Subscription;
}

/** A server the page offers (from `config.json`): its URL (a backend WebSocket for `stdio`) and its entry. */
export interface Preset {
  readonly name: string;
  readonly url: string;
  /** `stdio`: a command the backend runs, reached over `url`; `http` (the default): a server URL. */
  readonly kind?: 'http' | 'stdio';
  /** The era `rxmcp ui`'s backend found the server speaking (the page remembers it, so it need not probe). */
  readonly era?: 'modern' | 'legacy';
  /** The configuration file format the entry came from (`claude-desktop`, `vscode`, ..., `command-line`). */
  readonly source?: string;
  /** The server's configuration entry. */
  readonly entry?: {
    readonly command?: string;
    readonly args?: readonly string[];
    readonly env?: Readonly<Record<string, string>>;
    readonly cwd?: string;
    readonly url?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly transport?: string;
  };
}


/** Which part of the page changed. */
export type Area = 'connection' | 'servers' | 'tools' | 'calls' | 'tasks' | 'settings' | 'catalog' | 'logs' | 'frames';

const message = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * The page's state, fed by one client at a time. Everything live is a subscription to the client's Observables
 * (`state$`, the catalogs, `notifications.logs$`, `session.frames$`, `watchResource`), taken in `connect` and let
 * go when the next client replaces it; the views read this object when their area changes.
 */
export class Dashboard {
  readonly correlator = new Correlator();
  readonly calls = new Calls(this.correlator);
  readonly tasks = new Tasks();
  /** The client's roots, as the user edits them. */
  readonly roots = new Roots();
  /** Call timeouts and the reconnect policy (the settings panel). */
  options: PageOptions = DEFAULT_OPTIONS;
  /** Every preset at once, in a client group (the Servers panel's side by side view). */
  readonly sideBySide = new SideBySide();
  readonly requests = new ServerRequests(this.correlator);
  readonly approvals = new Approvals();
  readonly logs = new Logs();
  readonly frames = new FrameRing();
  private readonly callFrames = new CallFrames((traceparent) => this.calls.callOfTrace(traceparent));
  readonly signIn: SignIn;
  /** The era each server negotiated last, so a 2025-era server is not probed again (see era-memory.ts). */
  readonly eras = new EraMemory(typeof localStorage === 'undefined' ? undefined : localStorage);
  /** Suggestions for prompt and template arguments (`completion/complete`). */
  readonly completions = new Completions(() => this.client, () => this.changed.next('catalog'));
  readonly client$ = new BehaviorSubject<Client | undefined>(undefined);
  readonly changed = new Subject<Area>();
  state: ClientState | undefined;
  tools: CatalogState<Tool> | undefined;
  resources: CatalogState<Resource> | undefined;
  templates: CatalogState<ResourceTemplate> | undefined;
  prompts: CatalogState<Prompt> | undefined;
  /** How the last tool listing differs from the tools as this connection first listed them (`toolDrift$`). */
  drift: readonly ToolDrift[] = [];
  readonly watches: Watch[] = [];
  /** What the app of each call said (messages, context updates, failures). */
  readonly appEvents = new Map<number, string[]>();
  serverLogLevel: LoggingLevel = 'debug';
  health: Health | undefined;
  private live = new Subscription();

  constructor(
    public settings: ConnectionSettings,
    readonly presets: readonly Preset[],
    readonly sandboxOrigin: string,
    callbackUrl: string,
    /** How often the server's health is checked, in ms. */
    readonly healthMs = 5000,
  ) {
    this.signIn = new SignIn(callbackUrl);
    this.calls.changed$.subscribe(() => this.changed.next('calls'));
    this.tasks.changed$.subscribe(() => this.changed.next('tasks'));
    this.roots.changed$.subscribe(() => this.changed.next('settings'));
    this.sideBySide.changed$.subscribe(() => this.changed.next('servers'));
    this.roots.edited$.subscribe(() => this.rootsEdited());
    this.requests.changed$.subscribe(() => this.changed.next('calls'));
    this.approvals.changed$.subscribe(() => this.changed.next('calls'));
    this.logs.changed$.subscribe(() => this.changed.next('logs'));
    this.frames.changed$.subscribe(() => this.changed.next('frames'));
    this.signIn.pending$.subscribe(() => this.changed.next('connection'));
  }

  get client(): Client | undefined {
    return this.client$.value;
  }

  /** Replaces the client by one for `settings` and follows it. */
  connect(settings: ConnectionSettings = this.settings): void {
    this.settings = settings;
    this.live.unsubscribe();
    this.client?.close();
    const protocol = protocolFor(settings.protocol, this.eras.eraOf(settings.url));
    const client = openClient({ ...settings, protocol }, {
      correlator: this.correlator,
      handlers: { ...this.requests.handlers, roots: this.roots.handler },
      signIn: this.signIn,
      options: { reconnect: this.options.reconnect, rootsListChanged: true },
    });
    this.tools = this.resources = this.templates = this.prompts = this.health = undefined;
    this.drift = [];
    this.completions.clear();
    this.live = this.follow(client);
    this.live.add(this.learnEra(client, settings, protocol !== settings.protocol));
    this.client$.next(client);
    for (const watch of this.watches) this.subscribeWatch(watch);
    this.changed.next('connection');
    this.changed.next('servers');
  }

  /** Reconnect button: opens a connection now when none is open, else starts over with a new client. */
  reconnect(): void {
    const status = this.state?.status;
    if (this.client !== undefined && (status === 'disconnected' || status === 'failed' || status === 'idle')) this.client.connect().subscribe({ error: () => undefined });
    else this.connect();
  }

  /** New call timeouts now; the reconnect policy from the next connection. */
  setOptions(options: PageOptions): void {
    this.options = options;
    this.calls.timeout = options.callTimeout;
    this.changed.next('settings');
  }

  /** A 2025-era server is told that the roots changed; a 2026-07-28 one asks for them when it needs them. */
  private rootsEdited(): void {
    const client = this.client;
    if (client?.server?.era === 'legacy') client.notifyRootsChanged().subscribe({ error: () => undefined });
  }

  /** Adds a log entry of an MCP App. */
  appLog(entry: LogEntry): void {
    this.logs.add([entry]);
  }

  appEvent(callId: number, text: string): void {
    const events = this.appEvents.get(callId) ?? [];
    events.push(text);
    this.appEvents.set(callId, events.slice(-20));
    this.changed.next('calls');
  }

  setServerLogLevel(level: LoggingLevel): void {
    this.serverLogLevel = level;
    const client = this.client;
    if (client?.server?.era === 'legacy' && client.server.capabilities.logging !== undefined) client.setLoggingLevel(level).subscribe({ error: () => undefined });
  }

  watch(uri: string): void {
    if (this.watches.some((watch) => watch.uri === uri)) return;
    const watch: Watch = { uri, updates: 0 };
    this.watches.push(watch);
    this.subscribeWatch(watch);
    this.changed.next('catalog');
  }

  unwatch(uri: string): void {
    const index = this.watches.findIndex((watch) => watch.uri === uri);
    if (index === -1) return;
    this.watches[index]?.subscription?.unsubscribe();
    this.watches.splice(index, 1);
    this.changed.next('catalog');
  }

  private subscribeWatch(watch: Watch): void {
    watch.subscription?.unsubscribe();
    const client = this.client;
    if (client === undefined) return;
    watch.subscription = client.watchResource(watch.uri).subscribe({
      next: (contents) => {
        watch.contents = contents;
        watch.updates += 1;
        watch.updatedAt = Date.now();
        delete watch.error;
        this.changed.next('catalog');
      },
      error: (error: unknown) => {
        watch.error = message(error);
        this.changed.next('catalog');
      },
    });
  }

  /**
   * Remembers the era `client` negotiates when the user left it to the client. A remembered 2025 era that does not
   * reach `ready` (the server changed) is forgotten and the connection starts over with the probe.
   */
  private learnEra(client: Client, settings: ConnectionSettings, assumed: boolean): Subscription {
    if (settings.protocol !== 'auto') return Subscription.EMPTY;
    return client.state$.pipe(
      map((state) => state.status),
      filter((status) => status === 'ready' || (assumed && (status === 'reconnecting' || status === 'failed'))),
      take(1),
    ).subscribe((status) => {
      const era = client.server?.era;
      if (status === 'ready' && era !== undefined) this.eras.remember(settings.url, era);
      else if (status !== 'ready') queueMicrotask(() => (this.eras.forget(settings.url), this.connect(settings)));
    });
  }

  /** Every live stream of `client` the page shows, as one subscription. */
  private follow(client: Client): Subscription {
    const live = new Subscription();
    // Frames first: the catalogs below open the connection, and its first frames belong in the protocol view. The
    // call a frame belongs to is read while it is being delivered, synchronously, before the batching.
    live.add(client.session.frames$.pipe(map((event) => frameEntry(event, this.callFrames.tag(event, this.correlator.current))), bufferTime(250), filter((batch) => batch.length > 0)).subscribe((batch) => this.frames.add(batch)));
    live.add(client.state$.subscribe((state) => {
      this.state = state;
      this.changed.next('connection');
    }));
    live.add(client.toolsState$.subscribe((state) => {
      this.tools = state;
      this.changed.next('tools');
    }));
    // Every tool is pinned as first listed: a later listing that changes one (a rug pull) is marked on the tools panel.
    live.add(toolDrift$(client, toolPinning()).subscribe({
      next: (drift) => {
        this.drift = drift;
        this.changed.next('tools');
      },
      error: () => undefined,
    }));
    live.add(client.resourcesState$.subscribe((state) => this.catalog(() => (this.resources = state))));
    live.add(client.resourceTemplatesState$.subscribe((state) => this.catalog(() => (this.templates = state))));
    live.add(client.promptsState$.subscribe((state) => this.catalog(() => (this.prompts = state))));
    // The link to a call is read while the frame is being delivered, synchronously, before any batching.
    live.add(client.notifications.logs$().pipe(map((params) => logEntry(params, this.correlator.current)), bufferTime(250), filter((batch) => batch.length > 0))
      .subscribe((batch) => this.logs.add(batch)));
    // A 2025-era server keeps the log level per session: set it again on each new one.
    live.add(client.server$.pipe(
      distinctUntilChanged(),
      filter((server) => server?.era === 'legacy' && server.capabilities.logging !== undefined),
      switchMap(() => client.setLoggingLevel(this.serverLogLevel)),
    ).subscribe({ error: () => undefined }));
    live.add(healthChecks(client, this.healthMs, () => this.health).subscribe((health) => {
      this.health = health;
      this.changed.next('connection');
    }));
    return live;
  }

  private catalog(update: () => void): void {
    update();
    this.changed.next('catalog');
  }
}
