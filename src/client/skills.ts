import { defer, from, mergeMap, of, type Observable } from 'rxjs';
import { hasCapability } from '../protocol/model/capabilities.js';
import type { ReadResourceResult } from '../protocol/model/resources.js';
import { SKILLS_EXTENSION, type Skill } from '../protocol/model/skills.js';
import { manifestEntry, skillFileUri, verifySkillFile, type VerifiedSkillFile, type VerifySkillFileOptions } from '../protocol/ext-skills/verify.js';
import { knownMethodSpec } from '../protocol/methods.js';
import type { ClientConnection } from './client-connection.js';
import type { ClientCore } from './core.js';
import type { CallOptions } from './envelope.js';
import { listOn, resultOf } from './verbs.js';

/** Options of `readSkillFile`: the call's options, and whether files of a `dynamic` skill are accepted. */
export interface SkillFileOptions extends CallOptions, VerifySkillFileOptions {}

/**
 * One file of `skill` (`path` relative to the skill's root, or a full URI; default its `SKILL.md`), read with
 * `resources/read` only now and verified against the skill's entry before it is emitted. A file the manifest does
 * not list (or of a `dynamic` skill, unless allowed) fails before anything is sent.
 */
export function readSkillFile(core: ClientCore, skill: Skill, path: string | undefined, options: SkillFileOptions = {}): Observable<VerifiedSkillFile> {
  return defer(() => {
    const uri = skillFileUri(skill, path ?? skill.uri);
    const { allowDynamic, ...callOptions } = options;
    const verify = { allowDynamic };
    manifestEntry(skill, uri, verify);
    return resultOf<ReadResourceResult>(core.call('resources/read', { uri }, callOptions)).pipe(
      mergeMap((read) => from(verifySkillFile(skill, uri, read.contents, verify))),
    );
  });
}

/** Whether `ready`'s server offers the Skills extension on its revision. */
export function offersSkills(ready: ClientConnection): boolean {
  const { protocolVersion, capabilities } = ready.server;
  return knownMethodSpec(protocolVersion, 'skills/list') !== undefined && hasCapability(capabilities, ['extensions', SKILLS_EXTENSION]);
}

/** Every skill entry on `ready`, all pages; none where the server does not offer the extension (the live catalog). */
export function skillsOn(core: ClientCore, ready: ClientConnection): Observable<readonly Skill[]> {
  return offersSkills(ready) ? listOn<Skill>(core, ready, 'skills/list', 'skills') : of([]);
}
