/** A change of the example world that servers must announce to their clients. */
export type ExampleChange =
  | { readonly kind: 'tools' }
  | { readonly kind: 'resource'; readonly uri: string };

/** Something a client did that only the server sees: a call it cancelled, an answer it gave to a question. */
export type ExampleActivity =
  | { readonly kind: 'cancelled'; readonly tool: string; readonly reason: string }
  | { readonly kind: 'elicitation'; readonly tool: string; readonly action: string; readonly content?: Readonly<Record<string, unknown>> };

/** How many activities {@link ExampleState.activity} keeps (the oldest go first). */
const ACTIVITY_LIMIT = 100;

/** The URI of the resource whose content changes on every `bump`. */
export const COUNTER_URI = 'example://counter';

/**
 * What the example tools and resources read and change: whether `bonus` is enabled and the counter, with a change
 * feed. `ExampleState` keeps it in the process; `JournalState` (`journal-state.ts`) in a file that several server
 * processes share, for stateless serving behind a load balancer.
 */
export interface ExampleWorld {
  readonly bonusEnabled: boolean;
  readonly counter: number;
  /** Adds or removes the `bonus` tool and returns whether it is now enabled. */
  toggleBonus(): boolean;
  /** Increments the counter and returns its new value. */
  bump(): number;
  /** Registers a change listener; returns a function that removes it (idempotent). */
  subscribe(listener: (change: ExampleChange) => void): () => void;
  /** Records something a client did that only the server sees (kept where the world keeps it, if anywhere). */
  record(activity: ExampleActivity): void;
}

/**
 * The mutable state behind the example server, shared by every server instance of one process: whether the
 * `bonus` tool is enabled and the value of the counter resource. Instances built per request or per connection read
 * it, and `subscribe` tells listeners what changed so each serving entry can notify its clients.
 */
export class ExampleState implements ExampleWorld {
  private bonus = false;
  private count = 0;
  private readonly listeners = new Set<(change: ExampleChange) => void>();
  private readonly activities: ExampleActivity[] = [];

  /** What clients did that only the server sees, oldest first (the last 100). */
  get activity(): readonly ExampleActivity[] {
    return this.activities;
  }

  /** Records one activity. */
  record(activity: ExampleActivity): void {
    this.activities.push(activity);
    if (this.activities.length > ACTIVITY_LIMIT) this.activities.shift();
  }

  /** Whether the extra tool `bonus` is currently registered. */
  get bonusEnabled(): boolean {
    return this.bonus;
  }

  /** The current value of the counter resource. */
  get counter(): number {
    return this.count;
  }

  /** Adds or removes the `bonus` tool and returns whether it is now enabled. */
  toggleBonus(): boolean {
    this.bonus = !this.bonus;
    this.emit({ kind: 'tools' });
    return this.bonus;
  }

  /** Increments the counter and returns its new value. */
  bump(): number {
    this.count += 1;
    this.emit({ kind: 'resource', uri: COUNTER_URI });
    return this.count;
  }

  /** Registers a change listener; returns a function that removes it (idempotent). */
  subscribe(listener: (change: ExampleChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The number of registered listeners. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  private emit(change: ExampleChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error: unknown) {
        console.error('example state listener failed:', error);
      }
    }
  }
}

let processState: ExampleState | undefined;

/** The state shared by all example servers of this process that were not given one explicitly. */
export function defaultExampleState(): ExampleState {
  processState ??= new ExampleState();
  return processState;
}
