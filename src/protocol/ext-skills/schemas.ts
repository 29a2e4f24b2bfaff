import * as z from 'zod/mini';
import type { ExtensionSchemas } from '../schema-types.js';
import { opt } from '../shapes/context.js';
import type { Kit } from '../shapes/kit.js';

/**
 * Received shapes of the Skills extension `io.modelcontextprotocol/skills` (SEP-2640, the stable specification of
 * modelcontextprotocol/ext-skills): the `Skill` entry (frontmatter with `name` and `description`, a manifest of
 * `{ uri, digest, size }` or `"dynamic"`), the pages of `skills/list` and `resources/directory/read`, and
 * `skills/get`. An entry with no `resources`, or any other value there, is invalid (hosts must not load it).
 */
export function buildSkillsExtensionSchemas(receive: Kit): ExtensionSchemas {
  const o = z.looseObject;
  const result = { _meta: opt(receive.base.ResultMetaSchema) };
  const cache = { ttlMs: opt(z.number()), cacheScope: opt(z.enum(['public', 'private'])) };
  const page = { ...result, ...cache, nextCursor: opt(z.string()) };
  // A malformed digest or size is not refused here: no file can match it, so reading the file fails verification.
  const SkillResourceSchema = o({ uri: z.string(), digest: z.string(), size: z.number() });
  const SkillSchema = o({
    uri: z.string(),
    frontmatter: o({ name: z.string(), description: z.string() }),
    resources: z.union([z.array(SkillResourceSchema), z.literal('dynamic')]),
  });
  return {
    results: {
      'skills/list': o({ ...page, skills: z.array(SkillSchema) }),
      'skills/get': o({ ...result, ...cache, skill: SkillSchema }),
      'resources/directory/read': o({ ...page, resources: z.array(receive.listing.ResourceSchema) }),
    },
    notifications: {},
    resultTypes: {},
  };
}
