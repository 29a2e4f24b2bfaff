import { defer, from, mergeMap, throwError, type Observable } from 'rxjs';
import { ToolDriftError } from '../../errors/drift-error.js';
import type { ReadResourceResult } from '../../protocol/model/resources.js';
import type { Tool } from '../../protocol/model/tools.js';
import type { Params } from '../../session/types.js';
import type { CallEvent } from '../call-event.js';
import type { ToolCallRequest } from '../tool-hints.js';
import { diffToolPin, diffToolPins, type ToolDrift } from './diff.js';
import { pinTools, toolFingerprint, type ToolPins } from './fingerprint.js';
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

/** What the drift gate needs of the client. */
export interface DriftGateDeps {
  /** The tool's definition in the client's last listing. */
  tool(name: string): Tool | undefined;
  /** Asks the client's approval step about a call (absent when the client has none). */
  readonly ask?: (request: ToolCallRequest) => Observable<boolean>;
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
  /** How one tool differs from its pin (`undefined`: it does not, or it was not pinned and is now). */
  checkTool(tool: Tool): Promise<ToolDrift | undefined>;
  /** Pins `tools` as they are now, replacing their pins (after a person accepted the change). */
  accept(tools: readonly Tool[]): Promise<void>;
  /** The gate the client puts before its approval step; the client calls it. */
  gate(deps: DriftGateDeps): DriftGate;
}

const EMPTY_PINS: ToolPins = { version: 1, tools: {} };

/** The pinned set of one `toolPinning`, its store, and the tools whose MCP App contents changed at the last check. */
class PinnedTools implements ToolPinning {
  private loaded: Promise<ToolPins | undefined> | undefined;
  private current: ToolPins | undefined;
  private readonly contents = new Map<string, ToolDrift>();
  readonly onDrift: 'refuse' | 'ask';

  constructor(private readonly store: PinStore, onDrift: 'refuse' | 'ask') {
    this.onDrift = onDrift;
  }

  private async load(): Promise<ToolPins | undefined> {
    this.loaded ??= Promise.resolve(this.store.load());
    const stored = await this.loaded;
    this.current ??= stored;
    return this.current;
  }

  private async save(update: (pins: ToolPins) => ToolPins): Promise<void> {
    this.current = update(this.current ?? EMPTY_PINS);
    await this.store.save(this.current);
  }

  private async add(pins: ToolPins['tools']): Promise<void> {
    await this.save((before) => ({ version: 1, tools: { ...before.tools, ...pins } }));
  }

  async pins(): Promise<ToolPins> {
    return (await this.load()) ?? EMPTY_PINS;
  }

  async check(tools: readonly Tool[], appResources?: ReadonlyMap<string, ReadResourceResult>): Promise<ToolDrift[]> {
    const pinned = await this.load();
    const fingerprints = await Promise.all(tools.map((tool) => toolFingerprint(tool, appResources?.get(tool.name))));
    const listed: ToolPins = { version: 1, tools: Object.fromEntries(tools.map((tool, index) => [tool.name, fingerprints[index]!])) };
    if (pinned === undefined) {
      await this.save(() => listed);
      return [];
    }
    const drift = diffToolPins(pinned, listed);
    const added = drift.filter((d) => d.kind === 'added').map((d) => d.name);
    if (added.length > 0) await this.add(Object.fromEntries(added.map((name) => [name, listed.tools[name]!])));
    this.contents.clear();
    for (const d of drift) if (d.kind === 'changed' && d.fields.includes('appResourceContents')) this.contents.set(d.name, d);
    return drift;
  }

  async checkTool(tool: Tool): Promise<ToolDrift | undefined> {
    const pin = (await this.load())?.tools[tool.name];
    const fingerprint = await toolFingerprint(tool);
    if (pin === undefined) {
      await this.add({ [tool.name]: fingerprint });
      return undefined;
    }
    return diffToolPin(tool.name, pin, fingerprint) ?? this.contents.get(tool.name);
  }

  async accept(tools: readonly Tool[]): Promise<void> {
    await this.load();
    const fresh = await pinTools(tools);
    for (const tool of tools) this.contents.delete(tool.name);
    await this.add(fresh.tools);
  }

  gate(deps: DriftGateDeps): DriftGate {
    return driftGate(this, deps);
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
