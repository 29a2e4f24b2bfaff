import { revisionOf } from './revisions.js';
import type { RevisionSchemas } from './schema-types.js';
import type { ProtocolVersion } from './versions.js';

export type { AnySchema, SchemaTable, RevisionSchemas } from './schema-types.js';

/**
 * The schemas of `version`, built on first use and shared afterwards. Calling this is the only way a
 * protocol schema gets constructed.
 */
export function schemasFor(version: ProtocolVersion): RevisionSchemas {
  return revisionOf(version).schemas();
}
