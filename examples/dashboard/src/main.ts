// The dashboard page: a static page on rxmcp's browser entry. Every panel is a view of the client's Observables,
// repainted at most a few times a second (auditTime) however fast the server sends.
import { render, type TemplateResult } from 'lit-html';
import { EMPTY, auditTime, filter, interval, merge, startWith, type Observable } from 'rxjs';
import { setRelayBase } from './connection/browser-failure.js';
import { settingsFromQuery } from './connection/settings.js';
import { Dashboard, type Area, type Preset } from './dashboard.js';
import { CallsPanel } from './view/calls.js';
import { aboutView, loadedScripts } from './view/about.js';
import { CatalogPanel } from './view/catalog.js';
import { connectionView } from './view/connection.js';
import { FramesPanel } from './view/frames.js';
import { LogsPanel } from './view/logs.js';
import { ServersPanel } from './view/servers.js';
import { SettingsPanel } from './view/settings.js';
import { TasksPanel } from './view/tasks.js';
import { ToolsPanel } from './view/tools.js';

interface PageConfig {
  readonly sandboxOrigin: string;
  readonly presets: readonly Preset[];
  /** `rxmcp ui`'s HTTP relay for servers that send no CORS headers. */
  readonly relay?: string;
}

async function loadConfig(): Promise<PageConfig> {
  try {
    const response = await fetch('config.json', { cache: 'no-store' });
    if (response.ok) return (await response.json()) as PageConfig;
  } catch {
    // a page served without config.json: no presets, the sandbox from the query
  }
  return { sandboxOrigin: new URLSearchParams(location.search).get('sandbox') ?? '', presets: [] };
}

/** How often each area may repaint, in ms. */
const REPAINT_MS: Readonly<Record<Area, number>> = { connection: 100, servers: 250, tools: 100, calls: 100, tasks: 100, settings: 250, catalog: 100, logs: 250, frames: 250 };

const config = await loadConfig();
setRelayBase(config.relay);
const settings = settingsFromQuery(location.search, config.presets[0]?.url ?? '');
const healthMs = Number(new URLSearchParams(location.search).get('health') ?? 5000);
const d = new Dashboard(settings, config.presets, config.sandboxOrigin, new URL('callback.html', location.href).href, healthMs > 0 ? healthMs : 5000);
// The backend learned these eras from Node: a 2025-era server is spoken to with initialize at once (no failed probe).
for (const preset of config.presets) if (preset.era !== undefined) d.eras.remember(preset.url, preset.era);
const renders: Record<Area, number> = { connection: 0, servers: 0, tools: 0, calls: 0, tasks: 0, settings: 0, catalog: 0, logs: 0, frames: 0 };
const area = (name: Area) => d.changed.pipe(filter((changed) => changed === name));

function paint(name: Area, view: () => TemplateResult, also: Observable<unknown> = EMPTY, after?: (element: HTMLElement) => void): void {
  const element = document.getElementById(name);
  if (element === null) throw new Error(`The page has no #${name}`);
  merge(area(name), also).pipe(startWith(undefined), auditTime(REPAINT_MS[name])).subscribe(() => {
    render(view(), element);
    renders[name] += 1;
    after?.(element);
  });
}

const catalog = new CatalogPanel(d);
const actions = { read: (uri: string) => catalog.read(uri) };
const tools = new ToolsPanel(d, actions);
const calls = new CallsPanel(d, actions);
const logs = new LogsPanel(d);
const tasks = new TasksPanel(d, actions);
const settingsPanel = new SettingsPanel(d);
const servers = new ServersPanel(d);
const frames = new FramesPanel(d);

paint('connection', () => connectionView(d));
paint('tools', () => tools.render(), area('calls'));
// While a call runs its elapsed time moves: four repaints a second, only then; new frames fill the calls' network views.
paint('calls', () => calls.render(), merge(interval(250).pipe(filter(() => d.calls.running)), area('frames')));
paint('servers', () => servers.render(), area('connection'));
paint('tasks', () => tasks.render());
paint('settings', () => settingsPanel.render());
paint('catalog', () => catalog.render());
paint('logs', () => logs.render(), EMPTY, (element) => logs.list.sync(element));
paint('frames', () => frames.render(), EMPTY, (element) => frames.list.sync(element));

// The page states what it weighs as this browser loaded it (measured, never written down).
render(aboutView(loadedScripts()), document.getElementById('about') as HTMLElement);

/** For the browser specs and the curious: the state and how often each area was painted. */
(globalThis as { __dashboard?: unknown }).__dashboard = { dashboard: d, renders };

if (new URLSearchParams(location.search).has('url')) d.connect();
