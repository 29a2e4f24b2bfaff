import { McpError, type McpErrorOptions } from './mcp-error.js';

/**
 * Which check a skill file failed: `unlisted` (not in the skill's manifest), `size` (its byte length differs from
 * the manifest's), `digest` (its SHA-256 differs), `frontmatter` (the `SKILL.md` frontmatter differs from the
 * entry's, or cannot be read), `dynamic` (the skill publishes no manifest and the caller did not accept that),
 * `content` (the read answered no contents for the file).
 */
export type SkillCheck = 'unlisted' | 'size' | 'digest' | 'frontmatter' | 'dynamic' | 'content';

/** Options of `SkillVerificationError`. */
export interface SkillVerificationErrorOptions extends McpErrorOptions {
  /** What the manifest or the entry says (a size, a digest, a frontmatter value). */
  readonly expected?: unknown;
  /** What the file gave. */
  readonly actual?: unknown;
}

/**
 * A skill file that failed verification against its skill's entry (SEP-2640 "Integrity and Verification"): the
 * content is withheld from the caller. It may be corrupted, tampered with, or stale (the skill changed after the
 * entry was fetched): `getSkill` gives the current entry, and a changed manifest revokes any approval bound to it.
 */
export class SkillVerificationError extends McpError {
  static override readonly kind: string = 'SkillVerificationError';
  /** The URI of the skill's `SKILL.md`. */
  readonly skill: string;
  /** The URI of the file that failed. */
  readonly file: string;
  /** The check it failed. */
  readonly check: SkillCheck;
  /** What the manifest or the entry says. */
  readonly expected: unknown;
  /** What the file gave. */
  readonly actual: unknown;

  constructor(skill: string, file: string, check: SkillCheck, detail: string, options: SkillVerificationErrorOptions = {}) {
    super('skill-verification', `${file} failed the ${check} check of skill ${skill}: ${detail}`, options);
    this.skill = skill;
    this.file = file;
    this.check = check;
    this.expected = options.expected;
    this.actual = options.actual;
  }
}
