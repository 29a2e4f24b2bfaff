import type * as z from 'zod/mini';
import type { Kit } from './shapes/kit.js';
import type { ProtocolVersion } from './versions.js';

/** Any schema. */
export type AnySchema = z.ZodMiniType;

/** Schemas by method name. */
export type SchemaTable = Readonly<Record<string, AnySchema>>;

/**
 * Every schema of one revision, by direction and method. Built on first use (see each revision's
 * `buildSchemas`), never at import.
 */
export interface RevisionSchemas {
  readonly version: ProtocolVersion;
  /** Completed results of the client's requests (received). */
  readonly results: SchemaTable;
  /** 2026-07-28 `input_required` results (received). */
  readonly InputRequiredResultSchema?: AnySchema;
  /** 2025-11-25 `CreateTaskResult` of task-augmented requests (received). */
  readonly CreateTaskResultSchema?: AnySchema;
  /** Params of server requests, or of 2026-07-28 input requests (received). */
  readonly serverRequests: SchemaTable;
  /** Params of server notifications (received). */
  readonly serverNotifications: SchemaTable;
  /** Params of the client's requests (sent). */
  readonly clientRequests: SchemaTable;
  /** The client's results to server requests, or its 2026-07-28 input responses (sent). */
  readonly clientResults: SchemaTable;
  /** Params of the client's notifications (sent). */
  readonly clientNotifications: SchemaTable;
  /** The shared shapes the tables were built from: `receive` (loose) and `send` (exact for this revision). */
  readonly kits: { readonly receive: Kit; readonly send: Kit };
}

/** The received schemas of an extension for one revision. */
export interface ExtensionSchemas {
  /** Results of its requests, by method. */
  readonly results: SchemaTable;
  /** Params of its notifications, by method. */
  readonly notifications: SchemaTable;
  /** Results core requests may answer with instead of their own, by method and `resultType`. */
  readonly resultTypes: Readonly<Record<string, SchemaTable>>;
}
