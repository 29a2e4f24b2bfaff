import { defer, from, mergeMap, throwError, type Observable } from 'rxjs';
import { ToolDriftError } from '../../errors/drift-error.js';
import type { ReadResourceResult } from '../../protocol/model/resources.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { CallEvent } from '../call-event.js';
import type { ToolCallRequest } from '../tool-hints.js';
import { diffToolPin, diffToolPins, type ToolDrift } from './diff.js';
import { pinTools, toolFingerprint, type ToolPin, type ToolPins } from './fingerprint.js';
import { driftGateDeps, type DriftGateClient, type DriftGateDeps, type DriftGateTools } from './gate-host.js';
import { memoryPinStore, type PinStore } from './store.js';

/** Options of `toolPinning`. */
export interface ToolPinningOptions {
  /** Where the pinned set is kept (default: `memoryPinStore()`, so the first tools seen are pinned). */
  readonly store?: PinStore;
  /**
   * What a call of a changed tool meets: `refuse` (default) fails it with `ToolDriftError`; `ask` puts it to the
   * client's `approveToolCall` with `drift` set (refused when the client has none), and a yes pins the tool anew.
   */
  readonly onDrift?: 'refuse' | 'ask';
}

/** The part of a call the drift gate reads. */
export interface GatedCall {
  /** The JSON-RPC method; only `tools/call` is gated. */
  readonly method: string;
  /** The call's params (`name`, `arguments`). */
  readonly params: Params | undefined;
}

/** The drift gate: a link of the client's chain, before its approval step. */
export type DriftGate = <C extends GatedCall>(call: C, next: (call: C) => Observable<CallEvent<unknown>>) => Observable<CallEvent<unknown>>;

/**
 * Tools pinned by fingerprint, and the checks against them. One object serves `ClientOptions.pinning` (the gate
 * before every tool call) and `toolDrift$` (the differences of every listing). A tool is pinned the first time it
 * is seen (trust on first use) unless the store already has it; a pinned tool stays pinned, until `accept`.
 */
export interface ToolPinning {
  /** What a call of a changed tool meets (see `ToolPinningOptions.onDrift`). */
  readonly onDrift: 'refuse' | 'ask';
  /** The pinned set now (loaded from the store on first use). */
  pins(): Promise<ToolPins>;
  /**
   * The differences of a listing from the pinned set; tools that are new are pinned. `appResources` are the read
   * `ui://` resources of the listing's MCP App tools, by tool name (their contents are then compared too).
   */
  check(tools: readonly Tool[], appResources?: ReadonlyMap<string, ReadResourceResult>): Promise<ToolDrift[]>;
  /**
   * Pins the tools of a listing that are not pinned yet, without reporting anything: the client calls it on every
   * full listing, so that the first definition it saw of each tool is the pinned one (the first `check` after it
   * still reports the tools it pinned into a non-empty set as added). It never rejects: a store that fails to save
   * fails the next call's check of a tool it could not pin instead.
   */
  seen(tools: readonly Tool[]): Promise<void>;
  /** How one tool differs from its pin (`undefined`: it does not, or it was not pinned and is now). */
  checkTool(tool: Tool): Promise<ToolDrift | undefined>;
  /** Pins `tools` as they are now, replacing their pins (after a person accepted the change). */
  accept(tools: readonly Tool[]): Promise<void>;
  /**
   * The gate the client puts before its approval step, reading the client's listed tools and approval step; the
   * client calls it once, when it builds its chain.
   */
  gate(client: DriftGateClient, tools: DriftGateTools): DriftGate;
}

const EMPTY_PINS: ToolPins = { version: 1, tools: {} };

/**
 * The pinned set of one `toolPinning` and its store. Every operation waits for the one before it, so a listing's
 * pins are in place before a later call is checked. `fresh` holds the tools a listing pinned that `check` has not
 * reported as added yet; `contents` the tools whose MCP App contents changed at the last `check`.
 */
class PinnedTools implements ToolPinning {
  private queue: Promise<unknown> = Promise.resolve();
  private current: ToolPins | undefined;
  private loaded = false;
  private readonly fresh = new Set<string>();
  private readonly contents = new Map<string, ToolDrift>();
  readonly onDrift: 'refuse' | 'ask';

  constructor(private readonly store: PinStore, onDrift: 'refuse' | 'ask') {
    this.onDrift = onDrift;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async load(): Promise<ToolPins | undefined> {
    if (!this.loaded) {
      this.current = (await this.store.load()) ?? this.current;
      this.loaded = true;
    }
    return this.current;
  }

  private async add(pins: ToolPins['tools']): Promise<void> {
    this.current = { version: 1, tools: { ...this.current?.tools, ...pins } };
    await this.store.save(this.current);
  }

  pins(): Promise<ToolPins> {
    return this.serial(async () => (await this.load()) ?? EMPTY_PINS);
  }

  seen(tools: readonly Tool[]): Promise<void> {
    return this.serial(async () => {
      const pinned = await this.load();
      const unpinned = tools.filter((tool) => pinned?.tools[tool.name] === undefined);
      if (unpinned.length === 0) return;
      if (pinned !== undefined) for (const tool of unpinned) this.fresh.add(tool.name);
      await this.add((await pinTools(unpinned)).tools);
    }).catch(() => undefined);
  }

  check(tools: readonly Tool[], appResources?: ReadonlyMap<string, ReadResourceResult>): Promise<ToolDrift[]> {
    return this.serial(async () => {
      const pinned = await this.load();
      const fingerprints = await Promise.all(tools.map((tool) => toolFingerprint(tool, appResources?.get(tool.name))));
      const listed: ToolPins = { version: 1, tools: Object.fromEntries(tools.map((tool, index) => [tool.name, fingerprints[index]!])) };
      if (pinned === undefined) {
        await this.add(listed.tools);
        return [];
      }
      const fresh = tools.filter((tool) => this.fresh.delete(tool.name)).map((tool): ToolDrift => ({ kind: 'added', name: tool.name }));
      const drift = [...diffToolPins(pinned, listed), ...fresh];
      const added = drift.filter((d) => d.kind === 'added').map((d) => d.name);
      const newPins = { ...Object.fromEntries(added.map((name) => [name, pinned.tools[name] ?? listed.tools[name]!])), ...firstContents(pinned, listed) };
      if (Object.keys(newPins).length > 0) await this.add(newPins);
      this.contents.clear();
      for (const d of drift) if (d.kind === 'changed' && d.fields.includes('appResourceContents')) this.contents.set(d.name, d);
      return drift;
    });
  }

  checkTool(tool: Tool): Promise<ToolDrift | undefined> {
    return this.serial(async () => {
      const pin = (await this.load())?.tools[tool.name];
      const fingerprint = await toolFingerprint(tool);
      if (pin === undefined) {
        await this.add({ [tool.name]: fingerprint });
        return undefined;
      }
      return diffToolPin(tool.name, pin, fingerprint) ?? this.contents.get(tool.name);
    });
  }

  accept(tools: readonly Tool[]): Promise<void> {
    return this.serial(async () => {
      await this.load();
      for (const tool of tools) this.contents.delete(tool.name);
      await this.add((await pinTools(tools)).tools);
    });
  }

  gate(client: DriftGateClient, tools: DriftGateTools): DriftGate {
    return driftGate(this, driftGateDeps(client, tools));
  }
}

/**
 * Pins tools by fingerprint (`toolFingerprint`: name, title, description, schemas, annotations, MCP App resource).
 * Give it to `createClient` as `pinning` to gate every tool call, and to `toolDrift$` to watch every listing.
 * @example
 * ```ts
 * import { createClient } from 'rxmcp';
 * import { toolDrift$, toolPinning } from 'rxmcp/agent';
 *
 * const pinning = toolPinning({ onDrift: 'refuse' });
 * const client = createClient(transport, { pinning });
 * toolDrift$(client, pinning).subscribe((drift) => drift.forEach((d) => console.warn(d)));
 * ```
 */
export function toolPinning(options: ToolPinningOptions = {}): ToolPinning {
  return new PinnedTools(options.store ?? memoryPinStore(), options.onDrift ?? 'refuse');
}

/** The pins of `pinned` that gain the MCP App contents `listed` read for the first time (the definition unchanged). */
function firstContents(pinned: ToolPins, listed: ToolPins): Record<string, ToolPin> {
  const gained = Object.entries(listed.tools).filter(([name, pin]) => {
    const before = pinned.tools[name];
    return before !== undefined && before.fields.appResourceContents === undefined && pin.fields.appResourceContents !== undefined && before.digest === pin.digest;
  });
  return Object.fromEntries(gained.map(([name, pin]) => [name, { ...pinned.tools[name]!, fields: { ...pinned.tools[name]!.fields, appResourceContents: pin.fields.appResourceContents } }]));
}

function driftGate(pinning: ToolPinning, deps: DriftGateDeps): DriftGate {
  return (call, next) => {
    if (call.method !== 'tools/call') return next(call);
    const name = String(call.params?.['name']);
    const tool = deps.tool(name);
    if (tool === undefined) return next(call);
    return defer(() => pinning.checkTool(tool)).pipe(
      mergeMap((drift) => {
        if (drift?.kind !== 'changed') return next(call);
        const refusal = new ToolDriftError(name, drift.fields, drift.annotations);
        if (pinning.onDrift === 'refuse' || deps.ask === undefined) return throwError(() => refusal);
        const args = (call.params?.['arguments'] ?? {}) as Params;
        return deps.ask({ name, arguments: args, tool, drift }).pipe(
          mergeMap((yes) => (yes ? from(pinning.accept([tool])).pipe(mergeMap(() => next(call))) : throwError(() => refusal))),
        );
      }),
    );
  };
}
