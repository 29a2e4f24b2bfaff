import { defer, from, mergeMap, type Observable } from 'rxjs';
import type { CallOptions } from '../client/envelope.js';
import { manifestEntry, skillFileUri, verifySkillFile, type VerifiedSkillFile, type VerifySkillFileOptions } from '../protocol/ext-skills/verify.js';
import type { ReadResourceResult } from '../protocol/model/resources.js';
import type { Skill } from '../protocol/model/skills.js';

/** What `readSkillFile` needs of a client: `readResource` (a `Client` has it). */
export interface SkillFileSource {
  /**
   * Reads a resource (`resources/read`).
   *
   * - **Temperature:** cold; each subscription is one read.
   * - **Emits:** the contents, once. **Completes:** after it.
   * - **Errors:** what the read fails with.
   * - **Teardown:** before the answer, cancels the read.
   */
  readResource(uri: string, options?: CallOptions): Observable<ReadResourceResult>;
}

/** Options of `readSkillFile`: the read's options, and whether files of a `dynamic` skill are accepted. */
export interface SkillFileOptions extends CallOptions, VerifySkillFileOptions {}

/**
 * Reads one file of a skill (Skills extension, SEP-2640) on demand and verifies it against the skill's entry before
 * emitting it: listed in the manifest, its byte size and SHA-256 digest (Web Crypto) the manifest's, and for
 * `SKILL.md` the frontmatter equal to the entry's field by field. `path` is relative to the skill's root
 * (`references/GUIDE.md`) or a full URI; by default the skill's `SKILL.md`. Nothing is read ahead: each subscription
 * is one `resources/read` on `client`, the server the entry came from.
 *
 * - **Temperature:** cold; each subscription is one read.
 * - **Emits:** the `VerifiedSkillFile`, once. **Completes:** after it.
 * - **Errors:** `SkillVerificationError` naming the file and the check (`unlisted` and `dynamic` before anything is
 *   sent; `content`, `size`, `digest`, `frontmatter` after the read), and what `readResource` errors with.
 * - **Teardown:** before the answer, cancels the read on the wire.
 * @example
 * ```ts
 * import { readSkillFile } from 'rxmcp/agent';
 *
 * client.listSkills().subscribe(([skill]) => {
 *   if (skill === undefined) return;
 *   readSkillFile(client, skill, 'references/GUIDE.md').subscribe({
 *     next: (file) => console.log(new TextDecoder().decode(file.bytes)),
 *     error: (error: Error) => console.error(error.message), // a SkillVerificationError names the file and the check
 *   });
 * });
 * ```
 */
export function readSkillFile(client: SkillFileSource, skill: Skill, path?: string, options: SkillFileOptions = {}): Observable<VerifiedSkillFile> {
  return defer(() => {
    const uri = skillFileUri(skill, path ?? skill.uri);
    const { allowDynamic, ...readOptions } = options;
    const verify = allowDynamic === undefined ? {} : { allowDynamic };
    manifestEntry(skill, uri, verify);
    return client.readResource(uri, readOptions).pipe(mergeMap((read) => from(verifySkillFile(skill, uri, read.contents, verify))));
  });
}
