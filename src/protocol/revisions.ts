import type { MethodTable } from './method-spec.js';
import { buildSchemas as buildLegacySchemas } from './rev-2025-11-25/schemas.js';
import { buildSchemas as buildModernSchemas } from './rev-2026-07-28/schemas.js';
import { REVISION_REGISTRY, type MethodChanges } from './revision-registry.js';
import type { RevisionTraits } from './revision-traits.js';
import type { RevisionSchemas } from './schema-types.js';
import type { LegacyProtocolVersion, ProtocolEra, ProtocolVersion } from './versions.js';

export type { RevisionTraits } from './revision-traits.js';

/**
 * What one revision says about how a client talks to a server, as data: its registry entry (see
 * `revision-registry.ts`) with the method table worked out and the schemas of its folder. A new revision is one
 * registry entry plus its schema folder, bound in `SCHEMAS` below.
 */
export interface Revision extends RevisionTraits {
  readonly version: ProtocolVersion;
  readonly era: ProtocolEra;
  /** Every request and notification the revision defines (its entry's changes applied to the older revisions'). */
  readonly methods: MethodTable;
  /** The revision's schemas, built on first use. */
  schemas(): RevisionSchemas;
}

/** The schema folder of each revision: a revision without one does not compile. */
const SCHEMAS: Readonly<Record<ProtocolVersion, () => RevisionSchemas>> = {
  '2026-07-28': buildModernSchemas,
  '2025-11-25': () => buildLegacySchemas('2025-11-25'),
  '2025-06-18': () => buildLegacySchemas('2025-06-18'),
  '2025-03-26': () => buildLegacySchemas('2025-03-26'),
  '2024-11-05': () => buildLegacySchemas('2024-11-05' satisfies LegacyProtocolVersion),
};

/** `older` with `changes` applied. */
export function applyMethodChanges(older: MethodTable, changes: MethodChanges): MethodTable {
  const table: Record<string, MethodTable[string]> = { ...older };
  for (const method of changes.drop ?? []) delete table[method];
  for (const [method, fields] of Object.entries(changes.change ?? {})) {
    const spec = table[method];
    if (spec === undefined) throw new Error(`revision registry: ${method} is changed before any revision adds it`);
    table[method] = { ...spec, ...fields };
  }
  return { ...table, ...changes.add };
}

function buildRevisions(): Readonly<Record<ProtocolVersion, Revision>> {
  const revisions: Partial<Record<ProtocolVersion, Revision>> = {};
  let methods: MethodTable = {};
  for (const entry of [...REVISION_REGISTRY].reverse()) {
    methods = applyMethodChanges(methods, entry.methods);
    const { extensions: _extensions, notifications: _notifications, ...traits } = entry;
    revisions[entry.version] = { ...traits, methods, schemas: SCHEMAS[entry.version] };
  }
  return revisions as Record<ProtocolVersion, Revision>;
}

const REVISIONS = buildRevisions();

/** The registry entry of a revision rxmcp speaks. */
export function revisionOf(version: ProtocolVersion): Revision {
  return REVISIONS[version];
}
