/**
 * OpenTelemetry for rxmcp clients: `otelLink` traces every request by the semantic conventions for MCP and records
 * their durations. `@opentelemetry/api` is an optional peer dependency; nothing else in rxmcp imports it.
 *
 * @packageDocumentation
 * @module rxmcp/otel
 */
export { otelLink } from './otel-link.js';
export type { OtelLinkOptions } from './otel-link.js';
export { MCP_DURATION_BUCKETS } from './instruments.js';
export { TOOL_ERROR, errorTypeOf } from './attributes.js';
export type { ServerAddress } from './attributes.js';
