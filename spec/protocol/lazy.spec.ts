import * as z from 'zod/mini';
import * as rpcErrors from '../../src/errors/rpc-errors.js';
import * as codec from '../../src/protocol/codec.js';
import * as encode from '../../src/protocol/encode.js';
import * as methodSpecs from '../../src/protocol/method-spec.js';
import * as methods from '../../src/protocol/methods.js';
import * as extensions from '../../src/protocol/extensions.js';
import * as extTasks from '../../src/protocol/ext-tasks/schemas.js';
import * as model from '../../src/protocol/model.js';
import * as rev2025Lifecycle from '../../src/protocol/rev-2025-11-25/lifecycle.js';
import * as rev2025 from '../../src/protocol/rev-2025-11-25/schemas.js';
import * as rev2025Tasks from '../../src/protocol/rev-2025-11-25/tasks.js';
import * as rev2026Discovery from '../../src/protocol/rev-2026-07-28/discovery.js';
import * as rev2026Meta from '../../src/protocol/rev-2026-07-28/meta.js';
import * as rev2026Mrtr from '../../src/protocol/rev-2026-07-28/mrtr.js';
import * as rev2026 from '../../src/protocol/rev-2026-07-28/schemas.js';
import * as revisionRegistry from '../../src/protocol/revision-registry.js';
import * as revisionSchemas from '../../src/protocol/revision-schemas.js';
import * as revisionTraits from '../../src/protocol/revision-traits.js';
import * as revisions from '../../src/protocol/revisions.js';
import * as schemaErrors from '../../src/protocol/schema-errors.js';
import * as shapesBase from '../../src/protocol/shapes/base.js';
import * as shapesCapabilities from '../../src/protocol/shapes/capabilities.js';
import * as shapesClientFeatures from '../../src/protocol/shapes/client-features.js';
import * as shapesContent from '../../src/protocol/shapes/content.js';
import * as shapesContext from '../../src/protocol/shapes/context.js';
import * as shapesElicitation from '../../src/protocol/shapes/elicitation.js';
import * as shapesKit from '../../src/protocol/shapes/kit.js';
import * as shapesListing from '../../src/protocol/shapes/listing.js';
import * as shapesNotifications from '../../src/protocol/shapes/notifications.js';
import * as shapesRequests from '../../src/protocol/shapes/requests.js';
import * as shapesResults from '../../src/protocol/shapes/results.js';
import * as versions from '../../src/protocol/versions.js';

/** Every runtime module of the protocol layer, by path relative to `src/`. */
const MODULES: Readonly<Record<string, object>> = {
  'errors/rpc-errors': rpcErrors,
  'protocol/codec': codec,
  'protocol/encode': encode,
  'protocol/method-spec': methodSpecs,
  'protocol/methods': methods,
  'protocol/extensions': extensions,
  'protocol/ext-tasks/schemas': extTasks,
  'protocol/model': model,
  'protocol/rev-2025-11-25/lifecycle': rev2025Lifecycle,
  'protocol/rev-2025-11-25/schemas': rev2025,
  'protocol/rev-2025-11-25/tasks': rev2025Tasks,
  'protocol/rev-2026-07-28/discovery': rev2026Discovery,
  'protocol/rev-2026-07-28/meta': rev2026Meta,
  'protocol/rev-2026-07-28/mrtr': rev2026Mrtr,
  'protocol/rev-2026-07-28/schemas': rev2026,
  'protocol/revision-registry': revisionRegistry,
  'protocol/revision-schemas': revisionSchemas,
  'protocol/revision-traits': revisionTraits,
  'protocol/revisions': revisions,
  'protocol/schema-errors': schemaErrors,
  'protocol/shapes/base': shapesBase,
  'protocol/shapes/capabilities': shapesCapabilities,
  'protocol/shapes/client-features': shapesClientFeatures,
  'protocol/shapes/content': shapesContent,
  'protocol/shapes/context': shapesContext,
  'protocol/shapes/elicitation': shapesElicitation,
  'protocol/shapes/kit': shapesKit,
  'protocol/shapes/listing': shapesListing,
  'protocol/shapes/notifications': shapesNotifications,
  'protocol/shapes/requests': shapesRequests,
  'protocol/shapes/results': shapesResults,
  'protocol/versions': versions,
};

const isZodSchema = (value: unknown): boolean => typeof value === 'object' && value !== null && '_zod' in value;

/** Paths of zod schemas reachable from `value` through plain objects and arrays. */
function schemasIn(value: unknown, path: string, depth = 0): string[] {
  if (isZodSchema(value)) return [path];
  if (depth > 6 || typeof value !== 'object' || value === null) return [];
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return [];
  return Object.entries(value).flatMap(([key, child]) => schemasIn(child, `${path}.${key}`, depth + 1));
}

/** Counts zod schema constructions while `run` runs, through zod's construction hook. */
function countConstructions(run: () => void): number {
  const config = z.config();
  const previous = config.postProcessor;
  let count = 0;
  config.postProcessor = (schema: unknown) => {
    count += 1;
    previous?.(schema);
  };
  try {
    run();
  } finally {
    config.postProcessor = previous;
  }
  return count;
}

/**
 * Node only: evaluates a module again (a new module instance, through a query string) and returns how many
 * schemas that built. `specifier` is relative to this file, without extension.
 */
async function constructionsOfFreshImport(specifier: string, nonce: number): Promise<number> {
  const config = z.config();
  const previous = config.postProcessor;
  let count = 0;
  config.postProcessor = (schema: unknown) => {
    count += 1;
    previous?.(schema);
  };
  try {
    const fresh: string = `${specifier}.js?fresh=${nonce}`;
    await import(fresh);
  } finally {
    config.postProcessor = previous;
  }
  return count;
}

describe('protocol lazy schema construction', () => {
  it('exports no zod schema from any protocol module', () => {
    const found = Object.entries(MODULES).flatMap(([path, namespace]) => schemasIn({ ...namespace }, path));
    expect(found).toEqual([]);
  });

  it('builds no schema for version, registry, model and error helpers', () => {
    const count = countConstructions(() => {
      versions.pickVersion(['2026-07-28']);
      versions.isModernVersion('2025-11-25');
      methods.methodsFor('2026-07-28');
      methods.methodSpec('2024-11-05', 'tools/call');
      methods.knownMethodSpec('2026-07-28', 'tasks/get');
      extensions.extensionOfResultType('2026-07-28', 'tools/call', 'task');
      model.hasCapability({ tools: {} }, ['tools']);
      model.isInputRequiredResult({ resultType: 'complete' });
      rpcErrors.rpcErrorFrom({ code: -32022, message: 'x', data: { supported: [] } });
    });
    expect(count).toBe(0);
  });

  it('builds a revision only when asked, and only once', () => {
    expect(countConstructions(() => rev2026.createSchemas())).toBeGreaterThan(100);
    revisionSchemas.schemasFor('2025-03-26');
    let again: unknown;
    expect(countConstructions(() => (again = revisionSchemas.schemasFor('2025-03-26')))).toBe(0);
    expect(again).toBe(revisionSchemas.schemasFor('2025-03-26'));
    expect(revisionSchemas.schemasFor('2025-06-18')).not.toBe(revisionSchemas.schemasFor('2025-03-26'));
  });

  if (typeof process === 'object' && typeof process.versions?.node === 'string') {
    it('builds no schema while evaluating any protocol module (Node: fresh module instances)', async () => {
      const built: Record<string, number> = {};
      let nonce = 0;
      for (const path of Object.keys(MODULES)) built[path] = await constructionsOfFreshImport(`../../src/${path}`, ++nonce);
      expect(Object.entries(built).filter(([, count]) => count > 0)).toEqual([]);
      const control = await constructionsOfFreshImport('./eager-schema.fixture', ++nonce);
      expect(control).withContext('a module that builds at import').toBeGreaterThan(0);
    });
  }
});
