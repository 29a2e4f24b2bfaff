import { buildSchemas as buildLegacySchemas } from './rev-2025-11-25/schemas.js';
import { buildSchemas as buildModernSchemas } from './rev-2026-07-28/schemas.js';
import type { RevisionSchemas } from './schema-types.js';
import type { ProtocolVersion } from './versions.js';

export type { AnySchema, SchemaTable, RevisionSchemas } from './schema-types.js';

/**
 * The schemas of `version`, built on first use and shared afterwards. Calling this is the only way a
 * protocol schema gets constructed.
 */
export function schemasFor(version: ProtocolVersion): RevisionSchemas {
  return version === '2026-07-28' ? buildModernSchemas() : buildLegacySchemas(version);
}
