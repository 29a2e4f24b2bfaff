import { SkillVerificationError } from '../../errors/skill-errors.js';
import type { ResourceContents } from '../model/content.js';
import type { Skill, SkillResource } from '../model/skills.js';
import { parseFrontmatter } from './frontmatter.js';

/** A skill file that passed verification against its skill's entry. */
export interface VerifiedSkillFile {
  /** The file's URI. */
  readonly uri: string;
  /** The URI of its skill's `SKILL.md`. */
  readonly skill: string;
  /** The media type the server gave, if any. */
  readonly mimeType?: string;
  /** The file's raw bytes (a text read encoded as UTF-8, a blob decoded from base64). */
  readonly bytes: Uint8Array;
  /** The contents as the server sent them (`text` or base64 `blob`). */
  readonly contents: ResourceContents;
  /** Its manifest entry; `undefined` for a file of a `dynamic` skill (no manifest, nothing to check against). */
  readonly manifest: SkillResource | undefined;
}

/** Options of `verifySkillFile`. */
export interface VerifySkillFileOptions {
  /**
   * Accept files of a skill whose `resources` is `'dynamic'` (no digests: nothing can be checked but the frontmatter
   * of its `SKILL.md`). Default false: such a file fails the `dynamic` check.
   */
  readonly allowDynamic?: boolean;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The raw bytes of resource contents: UTF-8 of a text, the decoded base64 of a blob. */
export function contentBytes(contents: ResourceContents): Uint8Array {
  if ('text' in contents) return new TextEncoder().encode(contents.text);
  const binary = atob(contents.blob.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `sha256:<hex>` of `bytes`, through Web Crypto (`crypto.subtle`, in browsers and Node). */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += HEX[byte];
  return `sha256:${hex}`;
}

/** The URI of the skill's root directory: its `SKILL.md` URI without `/SKILL.md`. */
export function skillRoot(skill: Skill): string {
  return skill.uri.replace(/\/SKILL\.md$/, '');
}

/** `path` resolved against the skill's root when it is relative (`references/GUIDE.md`), else `path` itself. */
export function skillFileUri(skill: Skill, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${skillRoot(skill)}/${path.replace(/^\.\//, '')}`;
}

function fail(skill: Skill, file: string, check: SkillVerificationError['check'], detail: string, expected?: unknown, actual?: unknown): never {
  throw new SkillVerificationError(skill.uri, file, check, detail, { expected, actual });
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner);

/**
 * The manifest entry of `uri` in `skill` (`undefined` for a `dynamic` skill the caller accepts): what may be read
 * before anything is sent.
 * @throws SkillVerificationError `unlisted` for a file the manifest does not list, `dynamic` for a file of a skill
 * without manifest unless `options.allowDynamic`.
 */
export function manifestEntry(skill: Skill, uri: string, options: VerifySkillFileOptions = {}): SkillResource | undefined {
  if (skill.resources === 'dynamic') {
    if (options.allowDynamic !== true) fail(skill, uri, 'dynamic', 'the skill publishes no manifest (resources: "dynamic")');
    return undefined;
  }
  const manifest = skill.resources.find((entry) => entry.uri === uri);
  if (manifest === undefined) fail(skill, uri, 'unlisted', "the file is not in the skill's manifest");
  return manifest;
}

/** Compares the `SKILL.md` frontmatter field by field with the entry's; a difference or an unreadable block fails. */
function checkFrontmatter(skill: Skill, file: string, bytes: Uint8Array): void {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseFrontmatter(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    fail(skill, file, 'frontmatter', `its frontmatter cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const entry = skill.frontmatter as Readonly<Record<string, unknown>>;
  for (const key of new Set([...Object.keys(entry), ...Object.keys(parsed)])) {
    if (canonical(entry[key]) !== canonical(parsed[key])) {
      fail(skill, file, 'frontmatter', `its frontmatter field ${JSON.stringify(key)} differs from the entry's`, entry[key], parsed[key]);
    }
  }
}

/**
 * Verifies the answer of a `resources/read` of `uri`, a file of `skill`, against the skill's entry, as SEP-2640
 * requires before the content is used: the file is listed in the manifest (`unlisted`), the answer has its contents
 * (`content`), its byte length (`size`) and SHA-256 (`digest`) are the manifest's, and for the skill's `SKILL.md`
 * the frontmatter equals the entry's field by field (`frontmatter`). A `dynamic` skill has no manifest: its files
 * fail the `dynamic` check unless `options.allowDynamic`, and then only the frontmatter is checked.
 *
 * @throws SkillVerificationError naming the file and the check it failed (the promise rejects with it).
 */
export async function verifySkillFile(skill: Skill, uri: string, read: readonly ResourceContents[], options: VerifySkillFileOptions = {}): Promise<VerifiedSkillFile> {
  const manifest = manifestEntry(skill, uri, options);
  const contents = read.find((part) => part.uri === uri) ?? (read.length === 1 ? read[0] : undefined);
  if (contents === undefined) fail(skill, uri, 'content', `the read answered ${read.length} contents, none for the file`);
  const bytes = contentBytes(contents);
  if (manifest !== undefined) {
    if (bytes.length !== manifest.size) fail(skill, uri, 'size', `${bytes.length} bytes, the manifest says ${manifest.size}`, manifest.size, bytes.length);
    const digest = await sha256Digest(bytes);
    if (digest !== manifest.digest) fail(skill, uri, 'digest', `its SHA-256 is ${digest}, the manifest says ${manifest.digest}`, manifest.digest, digest);
  }
  if (uri === skill.uri) checkFrontmatter(skill, uri, bytes);
  return { uri, skill: skill.uri, ...(contents.mimeType === undefined ? {} : { mimeType: contents.mimeType }), bytes, contents, manifest };
}
