import { EMPTY, Subject, catchError, debounceTime, map, switchMap, type Subscription } from 'rxjs';
import type { Client, CompleteRequestParams } from 'rxmcp';

/** One argument being typed: which prompt or template, which argument, what is typed, what else is filled in. */
export interface CompletionAsk {
  readonly ref: CompleteRequestParams['ref'];
  readonly name: string;
  readonly value: string;
  readonly context: Readonly<Record<string, string>>;
}

/** The key of an argument's suggestions (and of its `<datalist>`). */
export const completionKey = (ref: CompleteRequestParams['ref'], name: string): string =>
  `${ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `template:${ref.uri}`}:${name}`;

/**
 * Argument completion (`completion/complete`) for prompt and template forms: what the user types, at most one
 * request per pause of 150 ms, the newest only (an older answer is dropped); the values are kept per argument.
 * Servers without the `completions` capability are never asked.
 */
export class Completions {
  private readonly asks = new Subject<CompletionAsk>();
  private readonly values = new Map<string, readonly string[]>();
  private readonly ids = new Map<string, string>();
  private readonly subscription: Subscription;

  constructor(client: () => Client | undefined, changed: () => void) {
    this.subscription = this.asks.pipe(
      debounceTime(150),
      switchMap((ask) => {
        const current = client();
        if (current?.server?.capabilities.completions === undefined) return EMPTY;
        const context = Object.keys(ask.context).length > 0 ? { context: { arguments: ask.context } } : {};
        return current.complete({ ref: ask.ref, argument: { name: ask.name, value: ask.value }, ...context }).pipe(
          map((result) => [completionKey(ask.ref, ask.name), result.completion.values] as const),
          catchError(() => EMPTY),
        );
      }),
    ).subscribe(([key, values]) => {
      this.values.set(key, values);
      changed();
    });
  }

  /** Asks for suggestions of an argument as the user types. */
  ask(ask: CompletionAsk): void {
    this.asks.next(ask);
  }

  /** The last suggestions of an argument. */
  valuesOf(ref: CompleteRequestParams['ref'], name: string): readonly string[] {
    return this.values.get(completionKey(ref, name)) ?? [];
  }

  /** A `<datalist>` id for the argument, stable for the page's life. */
  listId(ref: CompleteRequestParams['ref'], name: string): string {
    const key = completionKey(ref, name);
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = `complete-${this.ids.size + 1}`));
    return id;
  }

  /** Forgets every suggestion (a new connection). */
  clear(): void {
    this.values.clear();
  }

  close(): void {
    this.subscription.unsubscribe();
  }
}
