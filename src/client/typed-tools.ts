import type { Observable } from 'rxjs';
import type { CallToolResult } from '../protocol/model/tools.js';
import type { Params } from '../session/types.js';
import type { Client, ToolCallOptions } from './client-types.js';

/**
 * The tools of a server as types, by name: each tool's `input` (its arguments) and, for a tool with an output
 * schema, its `output` (its structured content). `rxmcp types <target> > tools.d.ts` writes one (`Tools`).
 */
export type ToolTypeMap = {
  readonly [name: string]: {
    /** The tool's arguments, by its input schema. */
    readonly input: object;
    /** The tool's structured content, by its output schema (absent when the tool has none). */
    readonly output?: unknown;
  };
};

/** A result whose `structuredContent` is typed as `O`. */
export type StructuredToolResult<O> = Omit<CallToolResult, 'structuredContent'> & {
  /** The result by the tool's output schema. */
  readonly structuredContent?: O;
};

/** The result of a typed tool: `structuredContent` typed by the tool's output schema, when it has one. */
export type TypedToolResult<T> = 'output' extends keyof T ? StructuredToolResult<T[Extract<keyof T, 'output'>]> : CallToolResult;

/** The arguments after the tool's name: optional when the tool requires none. */
export type TypedToolArgs<I> = {} extends I ? [args?: I, options?: ToolCallOptions] : [args: I, options?: ToolCallOptions];

/** `callTool` typed by a `ToolTypeMap`: known names only, each with its arguments and its result. */
export interface TypedTools<T extends ToolTypeMap> {
  /**
   * Calls the tool `name` (see `Client.callTool`).
   *
   * - **Temperature:** cold; each subscription is one call.
   * - **Emits:** the tool's result, once, with `structuredContent` typed by its output schema.
   * - **Completes:** after the result. **Errors:** as `Client.callTool`.
   * - **Teardown:** before the answer, cancels the call on the wire.
   */
  callTool<N extends keyof T & string>(name: N, ...rest: TypedToolArgs<T[N]['input']>): Observable<TypedToolResult<T[N]>>;
}

/**
 * `client.callTool`, typed by the server's tools: `typedTools<Tools>(client).callTool('add', { a: 1, b: 2 })`
 * compiles only for a tool of `Tools` with the arguments its input schema asks for. Types only: at run time it is
 * the client's own `callTool`, and the server still checks the arguments.
 *
 * @example
 * ```ts
 * import { createClient, typedTools } from 'rxmcp';
 *
 * // What `rxmcp types <target> > tools.d.ts` writes, in short:
 * type Tools = { add: { input: { a: number; b: number } } };
 * const tools = typedTools<Tools>(createClient(transport));
 * tools.callTool('add', { a: 2, b: 40 }).subscribe((result) => console.log(result.content));
 * ```
 */
export function typedTools<T extends ToolTypeMap>(client: Pick<Client, 'callTool'>): TypedTools<T> {
  return { callTool: (name, ...[args, options]) => client.callTool(name, args as Params | undefined, options) as Observable<never> };
}
