import { Subject, Subscription, combineLatest } from 'rxjs';
import { createClient, createClientGroup, type Client, type ClientGroup, type GroupCatalogState } from 'rxmcp';
import { remoteKindOfUrl, urlTransport } from 'rxmcp/session';
import type { Preset } from '../dashboard.js';
import { protocolFor, type EraMemory } from './era-memory.js';

/** One server's column: what each of its catalogs holds, or why not. */
export interface ServerColumn {
  readonly name: string;
  readonly tools: CatalogCell;
  readonly resources: CatalogCell;
  readonly prompts: CatalogCell;
}

/** A catalog of one server: its item names, or its error, or still loading. */
export type CatalogCell = { readonly names: readonly string[] } | { readonly error: string } | { readonly loading: true };

function cell<T extends { readonly name: string; readonly originalName?: string }>(state: GroupCatalogState<T>, server: string): CatalogCell {
  const part = state.servers.get(server);
  if (part?.items !== undefined) return { names: part.items.map((item) => item.originalName ?? item.name) };
  if (part?.error !== undefined) return { error: part.error.message };
  return { loading: true };
}

/**
 * Several servers side by side: every preset in one client group (`createClientGroup`), each member a client of
 * its own (2025-era servers met before are not probed), their catalogs as columns, live.
 */
export class SideBySide {
  readonly changed$ = new Subject<void>();
  columns: readonly ServerColumn[] = [];
  private group: ClientGroup | undefined;
  private live = new Subscription();
  private clients: readonly Client[] = [];

  get open(): boolean {
    return this.group !== undefined;
  }

  start(presets: readonly Preset[], eras: EraMemory): void {
    this.stop();
    const members: Record<string, Client> = Object.fromEntries(presets.map((preset) => {
      const transport = urlTransport(remoteKindOfUrl(preset.url)).create(preset.url, { headers: {} }, () => new Error('This browser has no WebSocket'));
      return [preset.name, createClient(transport, { clientInfo: { name: 'rxmcp-dashboard', version: '0.1.0' }, protocol: protocolFor('auto', eras.eraOf(preset.url)) })];
    }));
    const group = createClientGroup(members);
    this.group = group;
    this.clients = Object.values(members);
    this.live = combineLatest([group.toolsState$, group.resourcesState$, group.promptsState$]).subscribe(([tools, resources, prompts]) => {
      this.columns = presets.map((preset) => ({
        name: preset.name, tools: cell(tools, preset.name), resources: cell(resources, preset.name), prompts: cell(prompts, preset.name),
      }));
      this.changed$.next();
    });
    this.changed$.next();
  }

  stop(): void {
    this.live.unsubscribe();
    this.group?.close();
    for (const client of this.clients) client.close();
    this.group = undefined;
    this.clients = [];
    this.columns = [];
    this.changed$.next();
  }
}
