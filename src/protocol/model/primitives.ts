// The leaf types of the model: imported by every other model file, importing none.

/** Protocol metadata (`_meta`): keys are optionally prefixed names; values under unknown keys are opaque. */
export type Meta = Readonly<Record<string, unknown>>;

/** An arbitrary JSON object, as the protocol carries it (capability settings, tool arguments, ...). */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Opaque pagination cursor (an empty string is a valid cursor). */
export type Cursor = string;

/** Token tying progress notifications to a request. */
export type ProgressToken = string | number;

/** Who a message or content is for. */
export type Role = 'user' | 'assistant';

/** RFC 5424 severities used by MCP logging, least severe first. */
export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** 2026-07-28 cache scope of a cacheable result: `private` entries are partitioned per authorization context. */
export type CacheScope = 'public' | 'private';
