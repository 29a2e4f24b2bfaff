import type { Observable } from 'rxjs';
import type { ClientRequestMethod, ClientRequests } from '../protocol/model/maps.js';
import type { CallOptions } from './envelope.js';
import type { CallEvent } from './call-event.js';

/**
 * What a table verb's Observable gives: `result` the decoded result; `page` one page of a list (a `result` the
 * async facade leaves out); `events` progress and input rounds, then the result; `list` every page's items as one
 * array; `empty` nothing, completing when the server answered.
 */
export type VerbKind = 'result' | 'page' | 'events' | 'list' | 'empty';

/** The positional arguments a verb takes before its options: at most three (see `bindVerbs`). */
export type VerbArgs = [] | [unknown?] | [unknown, unknown?] | [unknown, unknown, unknown?];

/**
 * One line of the verb table: the method, how the verb's positional arguments become the request's params (typed
 * by the method's entry in `ClientRequests`), and what the verb's Observable gives. `A` is the verb's arguments.
 */
export interface VerbLine<M extends ClientRequestMethod = ClientRequestMethod, A extends VerbArgs = VerbArgs, K extends VerbKind = VerbKind> {
  readonly method: M;
  readonly kind: K;
  /**
   * The request's params from the verb's positional arguments. Its `length` is the number of positional arguments
   * (the options follow them), so it declares each one and gives none a default value.
   */
  readonly params: (...args: A) => ClientRequests[M]['params'];
}

/** A `list` line: the verb walks every page and gives the items under `key` of each page as one array. */
export interface ListLine<M extends ClientRequestMethod = ClientRequestMethod, I extends string = string> extends VerbLine<M, [], 'list'> {
  readonly key: I;
}

/** Any line of a verb table, its types erased (what `bindVerbs` reads). */
export interface AnyVerbLine {
  readonly method: ClientRequestMethod;
  readonly kind: VerbKind;
  readonly params: (...args: never) => unknown;
  /** The items' key of a `list` line. */
  readonly key?: string;
}

/** How a verb's positional arguments `A` become the params of `M`. */
type ParamsOf<M extends ClientRequestMethod, A extends VerbArgs> = (...args: A) => ClientRequests[M]['params'];

const line = <M extends ClientRequestMethod, A extends VerbArgs, K extends VerbKind>(kind: K, method: M, params: ParamsOf<M, A>): VerbLine<M, A, K> => ({ method, kind, params });
const noParams = () => undefined;
const cursorParams = (cursor?: string) => (cursor === undefined ? undefined : { cursor });

/** A verb that emits the decoded result of `method`. */
export const result = <M extends ClientRequestMethod, A extends VerbArgs>(method: M, params: ParamsOf<M, A>) => line('result', method, params);
/** A verb that emits one page of the list `method` (its argument is the cursor). */
export const page = <M extends ClientRequestMethod>(method: M) => line('page', method, cursorParams as ParamsOf<M, [cursor?: string]>);
/** A verb that emits progress and input-round events of `method`, then its `result` event. */
export const events = <M extends ClientRequestMethod, A extends VerbArgs>(method: M, params: ParamsOf<M, A>) => line('events', method, params);
/** A verb that emits nothing and completes when the server answered `method`. */
export const empty = <M extends ClientRequestMethod, A extends VerbArgs>(method: M, params: ParamsOf<M, A>) => line('empty', method, params);
/** A verb that walks every page of the list `method` and emits the items under `key`, as one array. */
export const list = <M extends ClientRequestMethod, I extends keyof ClientRequests[M]['result'] & string>(method: M, key: I): ListLine<M, I> => ({
  method,
  kind: 'list',
  key,
  params: noParams as ParamsOf<M, []>,
});

type Result<M extends ClientRequestMethod> = ClientRequests[M]['result'];
type ItemOf<M extends ClientRequestMethod, I> = I extends keyof Result<M> ? (Result<M>[I] extends readonly (infer T)[] | undefined ? T : never) : never;

/** The positional arguments of a line's verb. */
export type ArgsOf<L> = L extends { readonly params: (...args: infer A) => unknown } ? A : never;

/** What the Observable of a line's verb emits (`never` for an `empty` line). */
export type Emits<L> =
  L extends ListLine<infer M, infer I> ? readonly ItemOf<M, I>[]
  : L extends { readonly method: infer M extends ClientRequestMethod; readonly kind: infer K }
    ? K extends 'empty' ? never : K extends 'events' ? CallEvent<Result<M>> : Result<M>
    : never;

/** What the Promise of a line's async verb resolves with (`void` for an `empty` line). */
export type Settles<L> = [Emits<L>] extends [never] ? void : Emits<L>;

/** The kinds of line the async facade has a verb for (page and events verbs are Observable-only). */
export type AsyncKind = 'result' | 'list' | 'empty';

const ASYNC_KINDS: ReadonlySet<VerbKind> = new Set<AsyncKind>(['result', 'list', 'empty']);

/** True when the async facade has a verb for lines of `kind`. */
export const isAsyncKind = (kind: VerbKind): kind is AsyncKind => ASYNC_KINDS.has(kind);

/**
 * The table's lines as client verbs: each its positional arguments, then the call's options; a cold Observable. The
 * function type is spelled out here (not an alias) so that editors and TypeDoc show each verb's parameters.
 */
export type ClientVerbsOf<T> = { -readonly [K in keyof T]: (...args: [...ArgsOf<T[K]>, options?: CallOptions]) => Observable<Emits<T[K]>> };

/**
 * The table's lines of an async kind as async verbs taking options `O`: `Observable<R>` becomes `Promise<R>`,
 * `Observable<never>` `Promise<void>`.
 */
export type AsyncVerbsOf<T, O> = {
  -readonly [K in keyof T as T[K] extends { readonly kind: AsyncKind } ? K : never]: (...args: [...ArgsOf<T[K]>, options?: O]) => Promise<Settles<T[K]>>;
};
