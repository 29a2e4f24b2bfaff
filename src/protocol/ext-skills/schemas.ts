import * as z from 'zod/mini';
import type { ExtensionSchemas, RevisionSchemas } from '../schema-types.js';

/**
 * Received shapes of the Skills extension `io.modelcontextprotocol/skills` (SEP-2640, the stable specification of
 * modelcontextprotocol/ext-skills): the `Skill` entry (frontmatter with `name` and `description`, a manifest of
 * `{ uri, digest, size }` or `"dynamic"`) in `skills/list` and `skills/get`, and `resources/directory/read`, whose
 * page has the shape of a `resources/list` page. An entry with no `resources`, or any other value there, is invalid
 * (hosts must not load it). A malformed digest or size is not refused here: no file can match it, so reading the file
 * fails verification. The other members (`_meta`, cache hints, `nextCursor`) are kept as they came.
 */
export function buildSkillsExtensionSchemas(revision: RevisionSchemas): ExtensionSchemas {
  const o = z.looseObject;
  const SkillSchema = o({
    uri: z.string(),
    frontmatter: o({ name: z.string(), description: z.string() }),
    resources: z.union([z.array(o({ uri: z.string(), digest: z.string(), size: z.number() })), z.literal('dynamic')]),
  });
  return {
    results: {
      'skills/list': o({ skills: z.array(SkillSchema) }),
      'skills/get': o({ skill: SkillSchema }),
      'resources/directory/read': revision.results['resources/list'] as z.ZodMiniType,
    },
    notifications: {},
    resultTypes: {},
  };
}
