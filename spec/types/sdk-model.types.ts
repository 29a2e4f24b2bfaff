// Type-level checks (run by `npm run typecheck`, never executed): how rxmcp's `Tool` and `CallToolResult` relate to
// the official SDK's (`@modelcontextprotocol/sdk` 1.x and `@modelcontextprotocol/client` 2.x). Each difference is
// pinned twice: the plain assignment fails (`@ts-expect-error`), and it compiles once exactly that difference is set
// aside. A change on either side that adds or removes a difference breaks a check here;
// docs/migrating-from-the-official-sdk.md explains each one.
import type { CallToolResult as V1CallToolResult, Tool as V1Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult as V2CallToolResult, Tool as V2Tool } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '../../src/index.js';

/** rxmcp's arrays and members are readonly; the SDK's (zod-inferred) are mutable. */
type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;
/** Sets the `properties` of a schema aside (homomorphic, so the index signature and the other keys stay). */
type AnyProperties<S> = { [K in keyof S]: K extends 'properties' ? unknown : S[K] };
/** Sets aside the `properties` of both schemas of a tool. */
type AnySchemaProperties<T> = { [K in keyof T]: K extends 'inputSchema' | 'outputSchema' ? AnyProperties<NonNullable<T[K]>> : T[K] };
/** Gives a tool's schemas the root `type: 'object'` the SDK's types require. */
type ObjectSchemas<T, Keys extends string> = { [K in keyof T]: K extends Keys ? NonNullable<T[K]> & { type: 'object' } : T[K] };

declare const rx: { tool: Tool; result: CallToolResult };
declare const v1: { tool: V1Tool; result: V1CallToolResult };
declare const v2: { tool: V2Tool; result: V2CallToolResult };

// Tool, SDK → rxmcp: only the schemas' `properties` differ. rxmcp types each property's schema as a JSON object;
// 1.x types them as `object`, 2.x as any JSON value.
// @ts-expect-error properties
export const v1ToolAsRx: Tool = v1.tool;
export const v1ToolAsRxAside: AnySchemaProperties<Tool> = v1.tool as AnySchemaProperties<V1Tool>;
// @ts-expect-error properties
export const v2ToolAsRx: Tool = v2.tool;
export const v2ToolAsRxAside: AnySchemaProperties<Tool> = v2.tool as AnySchemaProperties<V2Tool>;

// Tool, rxmcp → SDK 1.x: readonly arrays, and the root `type` of both schemas (rxmcp: an optional string; 1.x: `'object'`).
// @ts-expect-error readonly arrays, schema types
export const rxToolAsV1: V1Tool = rx.tool;
// @ts-expect-error schema types
export const rxToolAsV1Mutable: V1Tool = rx.tool as Mutable<Tool>;
export const rxToolAsV1Aside: V1Tool = rx.tool as ObjectSchemas<Mutable<Tool>, 'inputSchema' | 'outputSchema'>;

// Tool, rxmcp → SDK 2.x: readonly arrays, the input schema's root `type`, and `properties` (JSON values in 2.x).
// @ts-expect-error readonly arrays, input schema type, properties
export const rxToolAsV2: V2Tool = rx.tool;
// @ts-expect-error properties
export const rxToolAsV2Typed: V2Tool = rx.tool as ObjectSchemas<Mutable<Tool>, 'inputSchema'>;
export const rxToolAsV2Aside: AnySchemaProperties<V2Tool> = rx.tool as AnySchemaProperties<ObjectSchemas<Mutable<Tool>, 'inputSchema'>>;

// CallToolResult, SDK → rxmcp: `resultType`, which every result rxmcp decodes carries.
// @ts-expect-error resultType
export const v1ResultAsRx: CallToolResult = v1.result;
export const v1ResultAsRxAside: CallToolResult = { ...v1.result, resultType: 'complete' };
// @ts-expect-error resultType
export const v2ResultAsRx: CallToolResult = v2.result;
export const v2ResultAsRxAside: CallToolResult = { ...v2.result, resultType: 'complete' };

// CallToolResult, rxmcp → SDK 1.x: readonly arrays, and `structuredContent` (rxmcp: any JSON value, as 2026-07-28
// allows; 1.x: an object).
// @ts-expect-error readonly arrays, structuredContent
export const rxResultAsV1: V1CallToolResult = rx.result;
// @ts-expect-error structuredContent
export const rxResultAsV1Mutable: V1CallToolResult = rx.result as Mutable<CallToolResult>;
export const rxResultAsV1Aside: V1CallToolResult = rx.result as Mutable<CallToolResult> & { structuredContent?: Record<string, unknown> };

// CallToolResult, rxmcp → SDK 2.x: only readonly arrays.
// @ts-expect-error readonly arrays
export const rxResultAsV2: V2CallToolResult = rx.result;
export const rxResultAsV2Aside: V2CallToolResult = rx.result as Mutable<CallToolResult>;
